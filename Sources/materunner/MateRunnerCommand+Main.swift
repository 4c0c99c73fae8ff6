import Application
import ArgumentParser
import Data
import Domain
import Foundation

extension MateRunnerCommand {
    /// Parses the command line completed from the environment and the config files
    /// (`ConfiguredArguments`, docs/CONFIG.md), then runs the command. A bad setting ends with one line
    /// naming its file, line and key (or variable) and exit 78; a value the command refuses is pointed at the
    /// same way when a setting gave it.
    static func main() async {
        let environment = ProcessInfo.processInfo.environment
        // Before any task starts: every task and the sockets on one event loop (ProcessExecutor).
        do {
            try ProcessExecutor.install(environment: environment)
        } catch {
            exit(withError: CommandRunner.report(FlowError(error, otherwise: .software)))
        }
        let configured: ConfiguredArguments
        do {
            configured = try ConfiguredArguments.resolving(
                arguments: Array(CommandLine.arguments.dropFirst()), environment: environment,
                files: try ConfigLocations(environment: environment).readFiles(), catalog: { try CommandCatalog(dumpHelp: _dumpHelp()) }
            )
        } catch let error as SettingsError {
            exit(withError: CommandRunner.report(FlowError(error, otherwise: .config)))
        } catch {
            exit(withError: CommandRunner.report(FlowError(.software, "cannot list the commands' options: \(error)")))
        }
        do {
            var command = try await asyncParseAsRoot(configured.arguments)
            if var command = command as? any AsyncParsableCommand {
                try await command.run()
            } else {
                try command.run()
            }
        } catch {
            // The message alone: its usage text names every option, and would blame the first setting applied.
            if exitCode(for: error) == .validationFailure, let setting = configured.setting(blamedBy: message(for: error)) {
                let refused = SettingsError(origin: setting.origin, key: setting.key, problem: ParserMessage.problem(in: message(for: error)))
                exit(withError: CommandRunner.report(FlowError(refused, otherwise: .config)))
            }
            // The parser's own "Error: …" in the house style, "materunner: error: …", its usage lines kept.
            let code = exitCode(for: error)
            if code != .success, !(error is ExitCode), let text = ParserMessage.houseStyle(fullMessage(for: error)) {
                LineOutput.standardError.write(text)
                exit(withError: ExitCode(code.rawValue))
            }
            exit(withError: error)
        }
    }
}
