import ArgumentParser
import Domain
import Foundation

extension RecordsCommand {
    /// `records [list]`.
    struct List: AsyncParsableCommand {
        static let configuration = CommandConfiguration(commandName: "list", abstract: "List runs, newest first.")

        @Option(help: ArgumentHelp("Only the runs started in this month (UTC).", valueName: "YYYY-MM"))
        var month: String?

        @Flag(help: "One JSON object per line instead of a table.")
        var json = false

        @OptionGroup var data: DataDirOptionGroup

        func validate() throws {
            if let month { do { _ = try RecordMonth(parsing: month) } catch { throw ValidationError("\(error)") } }
        }

        func run() async throws {
            try await CommandRunner.perform(logLevel: .warning) { _ in
                let all = try RecordsCommand.load(data)
                let records = try month.map { RecordSummaries.records(all, in: try RecordMonth(parsing: $0)) }
                    ?? RecordSummaries.newestFirst(all)
                if json {
                    for record in records { print(try RecordLine.json(RecordLine(record))) }
                } else if records.isEmpty {
                    print("no runs recorded in \(data.directory.path)\(month.map { " in \($0)" } ?? "")")
                } else {
                    print(RecordText.header)
                    for record in records { print(RecordText.line(record)) }
                }
            }
        }
    }
}
