import ArgumentParser
import Domain
import Foundation

extension RecordsCommand {
    /// `records totals`.
    struct Totals: AsyncParsableCommand {
        static let configuration = CommandConfiguration(commandName: "totals", abstract: "Lifetime and per-month totals.")

        @Flag(help: "JSON instead of text.")
        var json = false

        @OptionGroup var data: DataDirOptionGroup

        func run() async throws {
            try await CommandRunner.perform(logLevel: .warning) { _ in
                let records = try RecordsCommand.load(data)
                let monthly = RecordSummaries.monthly(records)
                if json {
                    print(try RecordLine.json(TotalsLine(lifetime: RecordSummaries.lifetime(records), monthly: monthly)))
                } else {
                    print(RecordText.totals("lifetime", RecordSummaries.lifetime(records)))
                    for month in monthly { print(RecordText.totals("\(month.month)", month.totals)) }
                }
            }
        }
    }
}
