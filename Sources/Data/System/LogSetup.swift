import Logging

/// How a command's logs are set up.
public enum LogSetup {
    /// Logs go to standard error, so standard output carries only front-end output; control characters
    /// in what is logged are escaped (`LogSafeHandler`).
    public static func bootstrap(level: Logger.Level) -> Logger {
        LoggingSystem.bootstrap { label in
            var handler = LogSafeHandler(wrapping: StreamLogHandler.standardError(label: label))
            handler.logLevel = level
            return handler
        }
        return Logger(label: "materunner")
    }
}
