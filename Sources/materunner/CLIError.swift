import ArgumentParser

/// An error the CLI reports to the person, with the exit code it ends with.
enum CLIError: Error, CustomStringConvertible {
    /// Bad input: exit 64.
    case usage(String)
    /// The run could not go on: exit 1.
    case runtime(String)

    var description: String {
        switch self {
        case .usage(let message), .runtime(let message): message
        }
    }

    var exitCode: ExitCode {
        switch self {
        case .usage: ExitCode(64)
        case .runtime: ExitCode(1)
        }
    }
}
