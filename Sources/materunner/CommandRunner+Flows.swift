import Application
import Logging

extension CommandRunner {
    /// `perform`, for a `run()` that delegates to an application flow: the flow's `FlowError` ends
    /// the command like a `CLIError` of the same kind (one logged line; exit 64 or 1).
    static func performFlow(logLevel: Logger.Level, _ work: (AppContainer) async throws -> Void) async throws {
        try await perform(logLevel: logLevel) { logger in
            do {
                try await work(AppContainer(speedup: 1, logger: logger))
            } catch let error as FlowError {
                throw CLIError(error)
            }
        }
    }
}
