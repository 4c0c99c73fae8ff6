import ArgumentParser
import Logging

/// What every subcommand's `run()` does around its work: set up logging, and turn a `CLIError` into
/// one logged line and its exit code.
enum CommandRunner {
    static func perform(logLevel: Logger.Level, _ work: (Logger) async throws -> Void) async throws {
        let logger = LogSetup.bootstrap(level: logLevel)
        do {
            try await work(logger)
        } catch let error as CLIError {
            logger.error("\(error.description)")
            throw error.exitCode
        }
    }
}
