/// Why a phone source refused a request or a message instead of making a fix of it. Every refusal is
/// counted (`PhoneSourceStatistics`) and logged, never fatal.
public enum PhoneRefusal: String, Error, Sendable, Hashable, CaseIterable, CustomStringConvertible {
    /// Wrong or missing credentials (HTTP 401).
    case unauthorized
    /// A body larger than the source accepts (HTTP 413), refused before it is read whole.
    case tooLarge = "too-large"
    /// More requests than the source accepts in a while (HTTP 429; the apps keep the message and retry).
    case rateLimited = "rate-limited"
    /// Not JSON, not a form, or a number that is not a number.
    case malformed
    /// An OwnTracks message of another `_type` (`lwt`, `transition`, `waypoint`, `status`...): ignored.
    case notLocation = "not-location"
    /// A location without a usable latitude and longitude.
    case noPosition = "no-position"
    /// A report marked not valid (OsmAnd `valid=false`).
    case noFix = "no-fix"
    /// A plaintext OwnTracks message while a key is set: anyone on the path could have made it.
    case plaintext
    /// An encrypted OwnTracks message that does not open with the key (another key, altered, cut).
    case undecryptable
    /// An encrypted OwnTracks message while no key is set.
    case encryptedWithoutKey = "encrypted-without-key"
    /// The same position again (the apps resend what they are not sure was delivered).
    case duplicate
    /// A position older than one already handed to the race (it came after the race moved past it).
    case late
    /// A position from before this run's start.
    case beforeStart = "before-start"
    /// A retained MQTT message: the broker's copy of the phone's last location, from before this run.
    case retained

    public var description: String { rawValue }
}

/// What a phone source did: fixes handed on, and refusals by reason.
public struct PhoneSourceStatistics: Sendable, Equatable {
    /// Positions accepted (decoded, authorized, not duplicates), before the noise filter.
    public var positions = 0
    /// Refusals, by reason.
    public var refused: [PhoneRefusal: Int] = [:]

    /// Empty statistics.
    public init() {}

    /// Counts one refusal.
    public mutating func refuse(_ reason: PhoneRefusal, count: Int = 1) {
        refused[reason, default: 0] += count
    }

    /// One line for logs, e.g. `412 positions, refused: duplicate 30, unauthorized 1`.
    public var summary: String {
        let parts = refused.keys.sorted { $0.rawValue < $1.rawValue }.map { "\($0) \(refused[$0] ?? 0)" }
        return "\(positions) positions" + (parts.isEmpty ? "" : ", refused: " + parts.joined(separator: ", "))
    }
}
