import ArgumentParser
import Composition

extension MatesCommand {
    /// `mates forget NAME`.
    struct Forget: AsyncParsableCommand {
        static let configuration = CommandConfiguration(commandName: "forget", abstract: "Forget a mate: its next invitation asks to compare codes again.")

        @Argument(help: "The mate's name, as `materunner mates` lists it.")
        var name: String

        @OptionGroup var data: DataDirOptionGroup
        @OptionGroup var config: ProfileOptionGroup

        func run() async throws {
            try CommandRunner.end(with: await Commands.mates(data: data.values) { try $0.forget(name: name) })
        }
    }
}
