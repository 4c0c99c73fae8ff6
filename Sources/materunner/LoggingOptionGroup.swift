import ArgumentParser
import Composition
import Logging

/// `--log-level` and `--log-file`: what is logged and where, shared by every command that logs.
struct LoggingOptionGroup: ParsableArguments {
    @Option(help: "Log level on standard error: trace, debug, info, notice, warning, error, critical.")
    var logLevel: Logger.Level = .warning

    @Option(help: ArgumentHelp(
        "Append the logs to FILE instead of standard error (while the text board owns the terminal, warnings are shown on it and the rest is dropped unless this is given).",
        valueName: "FILE"
    ))
    var logFile: String?

    var values: LoggingOptions { LoggingOptions(level: logLevel, file: logFile) }
}

extension Logger.Level: @retroactive ExpressibleByArgument {}
