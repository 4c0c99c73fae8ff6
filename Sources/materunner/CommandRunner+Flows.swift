import Logging

extension CommandRunner {
    /// `perform`, for a `run()` that delegates to an application flow built by a container on this
    /// machine's clock.
    static func performFlow(logLevel: Logger.Level, logFile: String? = nil, _ work: (AppContainer) async throws -> Void) async throws {
        try await perform(logLevel: logLevel, logFile: logFile) { logger in
            try await work(AppContainer(speedup: 1, logger: logger))
        }
    }
}
