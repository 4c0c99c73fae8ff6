import ArgumentParser
import Composition

extension MatesCommand {
    /// `mates [list]`.
    struct List: AsyncParsableCommand {
        static let configuration = CommandConfiguration(commandName: "list", abstract: "This device's identity, then every known mate.")

        @Flag(help: "One JSON object per line instead of a table (this device first, with \"device\":true).")
        var json = false

        @OptionGroup var data: DataDirOptionGroup
        @OptionGroup var config: ProfileOptionGroup

        func run() async throws {
            try CommandRunner.end(with: await Commands.mates(data: data.values) { try $0.list(json: json) })
        }
    }
}
