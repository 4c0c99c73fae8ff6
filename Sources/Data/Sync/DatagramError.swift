/// Why a datagram was dropped. Every case is counted by the sync repository.
public enum DatagramError: Error, Hashable, Sendable, CustomStringConvertible {
    case tooShort(length: Int)
    case tooLong(length: Int)
    case badMagic
    case unsupportedVersion(UInt8)
    case unknownType(UInt8)
    case lengthMismatch(expected: Int, actual: Int)
    case fieldOutOfRange(String)

    /// A short, stable name for counting drops by reason.
    public var reason: String {
        switch self {
        case .tooShort: "too-short"
        case .tooLong: "too-long"
        case .badMagic: "bad-magic"
        case .unsupportedVersion: "unsupported-version"
        case .unknownType: "unknown-type"
        case .lengthMismatch: "length-mismatch"
        case .fieldOutOfRange: "field-out-of-range"
        }
    }

    public var description: String {
        switch self {
        case .tooShort(let length): "datagram of \(length) bytes is shorter than any message"
        case .tooLong(let length): "datagram of \(length) bytes is longer than any message"
        case .badMagic: "datagram does not start with the MateRunner magic 'MR'"
        case .unsupportedVersion(let version):
            "datagram has protocol version \(version), this build speaks \(ProgressDatagram.version): update materunner on every peer"
        case .unknownType(let type): "datagram has unknown message type \(type)"
        case .lengthMismatch(let expected, let actual): "datagram is \(actual) bytes, its fields say \(expected)"
        case .fieldOutOfRange(let field): "datagram field '\(field)' is out of range"
        }
    }
}
