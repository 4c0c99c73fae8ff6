/// Why a flow stopped, in words a person can act on, and of which kind: the executable ends with
/// exit 64 on `usage` and exit 1 on `runtime` (docs: `materunner --help`).
public enum FlowError: Error, Equatable, CustomStringConvertible {
    /// What was asked cannot be done as asked (an unknown id, a daemon to start first): exit 64.
    case usage(String)
    /// The flow could not go on (a store that cannot be read, a file that cannot be written): exit 1.
    case runtime(String)

    /// The message, with what to do.
    public var description: String {
        switch self {
        case .usage(let message), .runtime(let message): message
        }
    }

    /// Whether the error is the person's input (`usage`) rather than the machine's state.
    public var isUsage: Bool {
        if case .usage = self { true } else { false }
    }
}
