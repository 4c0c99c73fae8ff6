import Foundation

/// The commands and their options, as the argument parser describes them (the ToolInfo JSON that
/// swift-argument-parser's `--experimental-dump-help` prints): what a config file or a variable may set, derived from the
/// commands themselves so that every option is settable and none is listed twice.
public struct CommandCatalog: Sendable, Equatable {
    /// An option a setting can give.
    public struct Option: Sendable, Equatable {
        public let name: String
        /// A switch (`--join`): set with true or false.
        public let isFlag: Bool
        /// May be given several times (`--peer`): set with a list.
        public let isRepeating: Bool

        public init(name: String, isFlag: Bool, isRepeating: Bool) {
            self.name = name
            self.isFlag = isFlag
            self.isRepeating = isRepeating
        }
    }

    /// A command, its options and its subcommands.
    public struct Command: Sendable, Equatable {
        public let name: String
        public let options: [String: Option]
        public let subcommands: [String: Command]
        /// The subcommand run when none is named (`records` runs `records list`).
        public let defaultSubcommand: String?

        public init(name: String, options: [String: Option], subcommands: [String: Command], defaultSubcommand: String? = nil) {
            self.name = name
            self.options = options
            self.subcommands = subcommands
            self.defaultSubcommand = defaultSubcommand
        }

        /// The command at `path` below this one.
        public func command(at path: ArraySlice<String>) -> Command? {
            guard let first = path.first else { return self }
            return subcommands[first]?.command(at: path.dropFirst())
        }

        /// Every option of this command and of the commands below it.
        public var allOptionNames: Set<String> {
            subcommands.values.reduce(Set(options.keys)) { $0.union($1.allOptionNames) }
        }
    }

    /// Options no setting gives: they print and exit, or they name the profile itself.
    public static let unsettable: Set<String> = ["help", "version", "profile", "experimental-dump-help"]

    public let root: Command

    public init(root: Command) {
        self.root = root
    }

    /// The catalog of a ToolInfo JSON text.
    public init(toolInfo: String) throws {
        let info = try JSONDecoder().decode(ToolInfo.self, from: Data(toolInfo.utf8))
        root = info.command.catalogCommand
    }
}

/// The part of swift-argument-parser's ToolInfoV0 JSON the catalog reads.
private struct ToolInfo: Decodable {
    struct Name: Decodable {
        let kind: String
        let name: String
    }

    struct Argument: Decodable {
        let kind: String
        let names: [Name]?
        let isRepeating: Bool?
    }

    struct CommandInfo: Decodable {
        let commandName: String
        let arguments: [Argument]?
        let subcommands: [CommandInfo]?
        let defaultSubcommand: String?

        var catalogCommand: CommandCatalog.Command {
            var options: [String: CommandCatalog.Option] = [:]
            for argument in arguments ?? [] where argument.kind != "positional" {
                guard let long = argument.names?.first(where: { $0.kind == "long" })?.name,
                      !CommandCatalog.unsettable.contains(long) else { continue }
                options[long] = .init(name: long, isFlag: argument.kind == "flag", isRepeating: argument.isRepeating ?? false)
            }
            let commands = (subcommands ?? []).filter { $0.commandName != "help" }.map(\.catalogCommand)
            return .init(
                name: commandName, options: options, subcommands: Dictionary(commands.map { ($0.name, $0) }) { first, _ in first },
                defaultSubcommand: defaultSubcommand
            )
        }
    }

    let command: CommandInfo
}
