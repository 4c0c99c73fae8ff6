import ArgumentParser
import Composition
import Domain

extension RecordsCommand {
    /// `records [list]`.
    struct List: AsyncParsableCommand {
        static let configuration = CommandConfiguration(commandName: "list", abstract: "List runs, newest first; the runs of a course together, with the personal record (the best time).")

        @Option(help: ArgumentHelp("Only the runs started in this month (UTC).", valueName: "YYYY-MM"))
        var month: String?

        @Flag(help: "One JSON object per line instead of a table.")
        var json = false

        @OptionGroup var data: DataDirOptionGroup
        @OptionGroup var config: ProfileOptionGroup

        func validate() throws {
            if let month { do { _ = try RecordMonth(parsing: month) } catch { throw ValidationError("\(error)") } }
        }

        func run() async throws {
            try CommandRunner.end(with: await Commands.records(data: data.values) { flow in
                try flow.list(month: month, json: json)
            })
        }
    }
}
