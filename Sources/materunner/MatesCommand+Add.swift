import ArgumentParser
import Composition

extension MatesCommand {
    /// `mates add NAME IDENTITY`.
    struct Add: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "add",
            abstract: "Pair with a mate by its identity text (mr1:…, from `materunner mates` on its device), checked by other means."
        )

        @Argument(help: "The mate's runner name.")
        var name: String

        @Argument(help: "Its identity text, mr1:….")
        var identity: String

        @OptionGroup var data: DataDirOptionGroup
        @OptionGroup var config: ProfileOptionGroup

        func run() async throws {
            try CommandRunner.end(with: await Commands.mates(data: data.values) { flow in
                try flow.add(name: name, identity: identity)
            })
        }
    }
}
