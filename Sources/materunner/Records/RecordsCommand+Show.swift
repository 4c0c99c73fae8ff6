import ArgumentParser
import Composition

extension RecordsCommand {
    /// `records show ID`.
    struct Show: AsyncParsableCommand {
        static let configuration = CommandConfiguration(commandName: "show", abstract: "Show one run: figures, its course, results (ghosts marked), cheers.")

        @Argument(help: "The run's id, or a unique start of it.")
        var id: String

        @Flag(help: "One JSON object instead of text.")
        var json = false

        @OptionGroup var data: DataDirOptionGroup
        @OptionGroup var config: ProfileOptionGroup

        func run() async throws {
            try CommandRunner.end(with: await Commands.records(data: data.values) { try $0.show(id: id, json: json) })
        }
    }
}
