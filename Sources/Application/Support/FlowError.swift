/// Why a flow could not do what it was asked, said for a person: what happened and what to do.
public enum FlowError: Error, Equatable, CustomStringConvertible {
    /// The person asked for something that cannot work (a bad file, no daemon to find mates with):
    /// the command line has to change.
    case usage(String)
    /// The flow could not go on (nobody accepted, the run failed to record).
    case runtime(String)

    public var description: String {
        switch self {
        case .usage(let message), .runtime(let message): message
        }
    }
}
