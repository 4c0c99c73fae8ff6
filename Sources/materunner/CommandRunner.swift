import Application
import ArgumentParser
import Data
import Logging

/// What every subcommand's `run()` does around its work: set up logging, and turn a `CLIError` or a
/// flow's `FlowError` into one logged line and its exit code.
enum CommandRunner {
    static func perform(logLevel: Logger.Level, _ work: (Logger) async throws -> Void) async throws {
        let logger = LogSetup.bootstrap(level: logLevel)
        do {
            try await work(logger)
        } catch let error as CLIError {
            logger.error("\(error.description)")
            throw error.exitCode
        } catch let error as FlowError {
            let cli = CLIError(error)
            logger.error("\(cli.description)")
            throw cli.exitCode
        }
    }

    static func perform(_ logging: LoggingOptionGroup, _ work: (Logger) async throws -> Void) async throws {
        try await perform(logLevel: logging.logLevel, work)
    }
}
