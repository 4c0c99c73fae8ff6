import Application
import ArgumentParser

/// An error the CLI reports to the person, with the exit code it ends with.
enum CLIError: Error, CustomStringConvertible {
    /// Bad input: exit 64.
    case usage(String)
    /// The run could not go on: exit 1.
    case runtime(String)

    /// A flow's error, with the same meaning.
    init(_ error: FlowError) {
        switch error {
        case .usage(let message): self = .usage(message)
        case .runtime(let message): self = .runtime(message)
        }
    }

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
