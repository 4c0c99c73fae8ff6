import Application
import ArgumentParser
import Composition
import Foundation

extension MateRunnerCommand {
    /// Installs the one-thread executor, then runs the command line completed from the environment and the
    /// config files (`CommandLineRun`, docs/CONFIG.md).
    static func main() async {
        let (arguments, environment) = (Array(CommandLine.arguments.dropFirst()), ProcessInfo.processInfo.environment)
        let ending = await Commands.main(parser: parser, arguments: arguments, environment: environment)
        switch ending {
        case .status(0): return
        case .status(let status): exit(withError: ExitCode(status))
        case .parser(let error): exit(withError: error)
        }
    }

    /// swift-argument-parser behind `CommandLineRun`. The options' catalog is the ToolInfo JSON its
    /// documented `--experimental-dump-help` flag prints, asked through the public `parseAsRoot`.
    static let parser = CommandLineRun.Parser(
        catalog: {
            do { _ = try parseAsRoot(["--experimental-dump-help"]) } catch {
                return try CommandCatalog(toolInfo: fullMessage(for: error))
            }
            throw FlowError(.software, "the parser did not describe its options")
        },
        run: { arguments in
            var command = try await asyncParseAsRoot(arguments)
            if var command = command as? any AsyncParsableCommand { try await command.run() } else { try command.run() }
        },
        exitStatus: { exitCode(for: $0).rawValue }, message: { message(for: $0) }, fullMessage: { fullMessage(for: $0) }
    )
}
