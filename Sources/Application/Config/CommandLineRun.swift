import Domain

/// What `materunner`'s `main` does around the argument parser: the command line completed from the
/// environment and the config files (`ConfiguredArguments`, docs/CONFIG.md), then parsed and run. A bad
/// setting ends with one line naming its file, line and key (or variable) and exit 78; a value the command
/// refuses is pointed at the same way when a setting gave it; the parser's own errors come in the house
/// style (`materunner: error: …`). The parser is handed in (`Parser`), so this is tested without it.
public struct CommandLineRun: Sendable {
    /// What the argument parser does, for `run`.
    public struct Parser: Sendable {
        /// The commands and their options (read only when a setting may apply).
        public var catalog: @Sendable () throws -> CommandCatalog
        /// Parses `arguments` and runs the command they name.
        public var run: @Sendable (_ arguments: [String]) async throws -> Void
        /// The status the parser ends with for an error: 0 for `--help`, 64 for a value it refuses.
        public var exitStatus: @Sendable (any Error) -> Int32
        /// The error's message alone (`Error: …`).
        public var message: @Sendable (any Error) -> String
        /// The error's message with the usage lines under it.
        public var fullMessage: @Sendable (any Error) -> String

        public init(
            catalog: @escaping @Sendable () throws -> CommandCatalog,
            run: @escaping @Sendable ([String]) async throws -> Void,
            exitStatus: @escaping @Sendable (any Error) -> Int32, message: @escaping @Sendable (any Error) -> String,
            fullMessage: @escaping @Sendable (any Error) -> String
        ) {
            self.catalog = catalog
            self.run = run
            self.exitStatus = exitStatus
            self.message = message
            self.fullMessage = fullMessage
        }
    }

    /// How a command line ended.
    public enum Ending: Sendable {
        /// With this status, its line (if any) already written.
        case status(Int32)
        /// With an error the parser ends with: help, the version, a completion script, or a command's own
        /// exit status (its line, if any, already written).
        case parser(any Error)
    }

    let parser: Parser
    /// Where the one error line goes (standard error).
    let errors: LineOutput

    public init(parser: Parser, errors: LineOutput) {
        self.parser = parser
        self.errors = errors
    }

    /// Completes `arguments` (without the program's name) from `environment` and the files `files` reads,
    /// then parses and runs them.
    public func run(
        arguments: [String], environment: [String: String], files: () throws(SettingsError) -> [SettingsFile]
    ) async -> Ending {
        let configured: ConfiguredArguments
        do {
            configured = try ConfiguredArguments.resolving(
                arguments: arguments, environment: environment, files: try files(), catalog: parser.catalog
            )
        } catch let error as SettingsError {
            return report(FlowError(error, otherwise: .config))
        } catch {
            return report(FlowError(.software, "cannot list the commands' options: \(error)"))
        }
        do {
            try await parser.run(configured.arguments)
            return .status(0)
        } catch {
            return ending(for: error, configured: configured)
        }
    }

    /// A refused value that a setting gave names that setting; the parser's errors in the house style.
    func ending(for error: any Error, configured: ConfiguredArguments) -> Ending {
        let status = parser.exitStatus(error)
        // The message alone: its usage text names every option, and would blame the first setting applied.
        let message = parser.message(error)
        if status == Fault.usage.exitStatus, let setting = configured.setting(blamedBy: message) {
            let refused = SettingsError(
                origin: setting.origin, key: setting.key, problem: ParserMessage.problem(in: message))
            return report(FlowError(refused, otherwise: .config))
        }
        // The parser's own "Error: …" as "materunner: error: …", its usage lines kept.
        if status != 0, let text = ParserMessage.houseStyle(parser.fullMessage(error)) {
            errors.write(text)
            return .status(status)
        }
        return .parser(error)
    }

    /// Writes `error`'s line; the status to end with.
    func report(_ error: FlowError) -> Ending {
        errors.write(error.line)
        return .status(error.fault.exitStatus)
    }
}
