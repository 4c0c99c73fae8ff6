import Application
import Data
import Logging

/// What every command does around its work: set up logging, and turn an error into one plain line on
/// standard error (`materunner: error: …`, with what to do) and its sysexits status (`Fault`).
public enum CommandRun {
    /// Runs `work` with a logger set up as `logging` says; returns its exit status, or the status of the
    /// error it threw, whose line went to `errors`.
    public static func perform(
        _ logging: LoggingOptions, errors: LineOutput = .standardError, _ work: (Logger) async throws -> Int32
    ) async -> Int32 {
        await status(errors: errors) {
            let logger = try LogSetup.bootstrap(level: logging.level, file: logging.file)
            logger.debug("\(ProcessExecutor.installed)")
            return try await work(logger)
        }
    }

    /// `work`'s exit status, or its error's: the error's line written to `errors`, a fault it does not
    /// know its class of an internal one (70).
    static func status(errors: LineOutput, _ work: () async throws -> Int32) async -> Int32 {
        do {
            return try await work()
        } catch {
            return report(FlowError(error, otherwise: .software), to: errors)
        }
    }

    /// Writes `error`'s line to `errors`; returns the exit status to end with.
    public static func report(_ error: FlowError, to errors: LineOutput = .standardError) -> Int32 {
        errors.write(error.line)
        return error.fault.exitStatus
    }
}
