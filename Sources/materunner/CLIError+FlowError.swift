import Application

extension CLIError {
    /// The CLI's error for a flow's: usage stays usage (exit 64), runtime stays runtime (exit 1).
    init(_ error: FlowError) {
        switch error {
        case .usage(let message): self = .usage(message)
        case .runtime(let message): self = .runtime(message)
        }
    }
}
