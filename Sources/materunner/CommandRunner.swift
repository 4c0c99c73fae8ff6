import Application
import ArgumentParser
import Data
import Logging

/// What every subcommand's `run()` does around its work: set up logging, and turn an error into one plain
/// line on standard error (`materunner: error: …`, with what to do) and its sysexits status (`Fault`).
enum CommandRunner {
    static func perform(logLevel: Logger.Level, logFile: String? = nil, _ work: (Logger) async throws -> Void) async throws {
        do {
            let logger = try LogSetup.bootstrap(level: logLevel, file: logFile)
            logger.debug("\(ProcessExecutor.installed)")
            try await work(logger)
        } catch let exit as ExitCode {
            throw exit
        } catch {
            throw report(FlowError(error, otherwise: .software))
        }
    }

    static func perform(_ logging: LoggingOptionGroup, _ work: (Logger) async throws -> Void) async throws {
        try await perform(logLevel: logging.logLevel, logFile: logging.logFile, work)
    }

    /// Ends the command with a launch's exit status: nothing on 0, else that status.
    static func end(with status: Int32) throws {
        if status != 0 { throw ExitCode(status) }
    }

    /// Writes `error`'s line to standard error; returns the exit code to end with.
    static func report(_ error: FlowError) -> ExitCode {
        LineOutput.standardError.write(error.line)
        return ExitCode(error.fault.exitStatus)
    }
}
