import ArgumentParser
import Logging

/// `--log-level`: what goes to standard error, shared by every command that logs.
struct LoggingOptionGroup: ParsableArguments {
    @Option(help: "Log level on standard error: trace, debug, info, notice, warning, error, critical.")
    var logLevel: Logger.Level = .warning
}

extension Logger.Level: @retroactive ExpressibleByArgument {}
