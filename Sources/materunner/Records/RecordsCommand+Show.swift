import ArgumentParser
import Domain
import Foundation

extension RecordsCommand {
    /// `records show ID`.
    struct Show: AsyncParsableCommand {
        static let configuration = CommandConfiguration(commandName: "show", abstract: "Show one run: figures, results, cheers.")

        @Argument(help: "The run's id, or a unique start of it.")
        var id: String

        @Flag(help: "One JSON object instead of text.")
        var json = false

        @OptionGroup var data: DataDirOptionGroup

        func run() async throws {
            try await CommandRunner.perform(logLevel: .warning) { _ in
                let record = try RecordsCommand.find(id, in: data)
                if json { print(try RecordLine.json(RecordLine(record))) } else { RecordText.details(record).forEach { print($0) } }
            }
        }
    }
}
