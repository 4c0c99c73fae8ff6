import Domain

/// Why a race key could not be used.
public enum RaceKeyError: Error, Equatable, CustomStringConvertible {
    /// The passphrase is empty.
    case empty
    /// The key file could not be read.
    case unreadableFile(path: String, reason: String)
    /// The race id is empty, too long, or holds control characters.
    case invalidRaceID(String)
    /// Stretching the passphrase failed (scrypt refused its parameters or ran out of memory).
    case derivationFailed(reason: String)

    /// What happened and what to do.
    public var description: String {
        switch self {
        case .empty:
            "the race key is empty: give every runner the same non-empty passphrase (--race-key-file FILE or MATERUNNER_RACE_KEY)"
        case let .unreadableFile(path, reason):
            "cannot read the race key file \(path): \(reason); check the path and that it is readable"
        case .invalidRaceID(let raceID):
            "the race id \(raceID.debugDescription) cannot be used: give every runner the same --race-id of 1 to \(RaceKey.maxRaceIDLength) bytes without control characters"
        case .derivationFailed(let reason):
            "cannot derive the race key from the passphrase (\(reason)); check that this machine has \(ScryptCost.standard.memoryBytes / (1 << 20)) MiB of memory free"
        }
    }
}

extension RaceKeyError: ClassifiedFault {
    public var fault: Fault {
        switch self {
        case .empty, .invalidRaceID: .usage
        case .unreadableFile: .noInput
        case .derivationFailed: .software
        }
    }
}
