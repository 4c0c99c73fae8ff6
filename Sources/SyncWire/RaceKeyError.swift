/// Why a race key could not be used.
public enum RaceKeyError: Error, Equatable, CustomStringConvertible {
    /// The passphrase is empty.
    case empty
    /// The key file could not be read.
    case unreadableFile(path: String, reason: String)

    /// What happened and what to do.
    public var description: String {
        switch self {
        case .empty:
            "the race key is empty: give every runner the same non-empty passphrase (--race-key-file FILE or MATERUNNER_RACE_KEY)"
        case let .unreadableFile(path, reason):
            "cannot read the race key file \(path): \(reason); check the path and that it is readable"
        }
    }
}
