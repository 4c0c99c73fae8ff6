import Logging

enum LogSetup {
    /// Logs go to standard error, so standard output carries only front-end output.
    static func bootstrap(level: Logger.Level) -> Logger {
        LoggingSystem.bootstrap { label in
            var handler = StreamLogHandler.standardError(label: label)
            handler.logLevel = level
            return handler
        }
        return Logger(label: "materunner")
    }
}
