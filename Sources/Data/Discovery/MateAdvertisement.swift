/// What a runner advertises in its DNS-SD TXT record (RFC 6763 §6), small on purpose (about 60 bytes
/// here; the RFC asks for strings ≤ 255 bytes and a record under ~200 bytes):
///
/// | key | value |
/// |---|---|
/// | `v` | protocol version (`DatagramHeader.version`) |
/// | `id` | runner id, 16 hex digits |
/// | `name` | runner name, cut to 63 bytes |
/// | `state` | `free`, `invited` or `running` |
/// | `race` | the race id, only while `running` |
public struct MateAdvertisement: Sendable, Hashable {
    /// Whether a mate can be invited.
    public enum State: String, Sendable, Hashable, CaseIterable {
        /// Can be invited.
        case free
        /// Has a pending invitation.
        case invited
        /// In a race; cannot be invited.
        case running
    }

    /// The protocol version the runner speaks.
    public var version: Int
    /// The runner id, in hex.
    public var runnerID: String
    /// The runner's display name.
    public var name: String
    /// What the runner is doing.
    public var state: State
    /// The race it runs, when `state == .running`.
    public var raceID: String?

    /// An advertisement; a `raceID` is kept only while running.
    public init(version: Int, runnerID: String, name: String, state: State = .free, raceID: String? = nil) {
        self.version = version
        self.runnerID = runnerID
        self.name = name
        self.state = state
        self.raceID = state == .running ? raceID : nil
    }

    /// Reads a TXT record's pairs; nil without a numeric `v`, an `id` or a known `state`. A missing
    /// name falls back to the id.
    public init?(txt: [String: String]) {
        guard let version = txt["v"].flatMap({ Int($0) }), let id = txt["id"], !id.isEmpty,
              let state = txt["state"].flatMap(State.init(rawValue:))
        else { return nil }
        self.init(version: version, runnerID: id, name: txt["name"] ?? id, state: state, raceID: txt["race"])
    }

    /// The TXT record's pairs.
    public var txt: [String: String] {
        var pairs = ["v": "\(version)", "id": runnerID, "name": Self.cut(name, bytes: 63), "state": state.rawValue]
        if let raceID { pairs["race"] = Self.cut(raceID, bytes: 32) }
        return pairs
    }

    /// `text` shortened to at most `bytes` UTF-8 bytes without splitting a character.
    static func cut(_ text: String, bytes: Int) -> String {
        var result = ""
        for character in text {
            guard result.utf8.count + character.utf8.count <= bytes else { break }
            result.append(character)
        }
        return result
    }
}
