import ArgumentParser

extension RecordsCommand {
    /// `records totals`.
    struct Totals: AsyncParsableCommand {
        static let configuration = CommandConfiguration(commandName: "totals", abstract: "Lifetime and per-month totals, with races won (a ghost's place counts for nobody).")

        @Flag(help: "JSON instead of text.")
        var json = false

        @OptionGroup var data: DataDirOptionGroup
        @OptionGroup var config: ProfileOptionGroup

        func run() async throws {
            try await CommandRunner.performFlow(logLevel: .warning) { container in
                try container.makeRecordsFlow(data: data).totals(json: json)
            }
        }
    }
}
