import Domain

/// Why the identity or the known mates could not be read or kept; each says what to do.
public enum IdentityStoreError: Error, Equatable, CustomStringConvertible {
    /// The file is there but is not what MateRunner wrote (damaged, edited, another program's).
    case corrupt(path: String, reason: String)
    /// The file can be read by other users: a secret must be the owner's alone.
    case tooOpen(path: String, mode: Int)
    /// The file or its folder could not be read or written.
    case unusable(path: String, reason: String)

    /// What happened and what to do.
    public var description: String {
        switch self {
        case let .corrupt(path, reason):
            "\(path) cannot be read (\(reason)): move it away and run again (a new identity means mates pair again; known mates are paired again by accepting with the code)"
        case let .tooOpen(path, mode):
            "\(path) is readable by other users (mode \(String(mode, radix: 8))): run `chmod 600 \(path)`, and make a new identity if someone may have copied it"
        case let .unusable(path, reason):
            "cannot use \(path): \(reason); check that the data directory (--data-dir, $XDG_DATA_HOME) is yours and writable"
        }
    }
}

extension IdentityStoreError: ClassifiedFault {
    public var fault: Fault {
        switch self {
        case .corrupt: .badData
        case .tooOpen: .noInput
        case .unusable: .cannotCreate
        }
    }
}
