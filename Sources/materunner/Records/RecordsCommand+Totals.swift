import ArgumentParser
import Composition

extension RecordsCommand {
    /// `records totals`.
    struct Totals: AsyncParsableCommand {
        static let configuration = CommandConfiguration(commandName: "totals", abstract: "Lifetime and per-month totals, with races won (a ghost's place counts for nobody).")

        @Flag(help: "JSON instead of text.")
        var json = false

        @OptionGroup var data: DataDirOptionGroup
        @OptionGroup var config: ProfileOptionGroup

        func run() async throws {
            try CommandRunner.end(with: await Commands.records(data: data.values) { try $0.totals(json: json) })
        }
    }
}
