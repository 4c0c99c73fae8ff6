import Logging

/// `--log-level` and `--log-file`: what is logged and where.
public struct LoggingOptions: Sendable, Equatable {
    public var level: Logger.Level
    /// Append to this file instead of standard error.
    public var file: String?

    /// Options; the commands without logging options log warnings to standard error.
    public init(level: Logger.Level = .warning, file: String? = nil) {
        (self.level, self.file) = (level, file)
    }
}
