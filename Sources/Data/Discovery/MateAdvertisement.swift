import Domain

/// What a runner advertises in its DNS-SD TXT record (RFC 6763 §6), small on purpose (about 60 bytes
/// here, about 100 with terms, under 256 at the longest; the RFC asks for strings ≤ 255 bytes and finds
/// records up to 400 bytes fine):
///
/// | key | value |
/// |---|---|
/// | `v` | protocol version (`DatagramHeader.version`) |
/// | `id` | runner id, 16 hex digits |
/// | `name` | runner name, cut to 63 bytes |
/// | `state` | `free`, `invited` or `running` |
/// | `race` | the race id, only while `running` |
/// | `mode` | `single`, `race` or `team`, when the runner has terms of its own (not a joiner) |
/// | `goal` | the goal in centimetres, with `mode` |
/// | `course` | the course file's name, cut to 32 bytes, with `mode` in a course run |
/// | `speedup` | the speed-up, with `mode` when it is not 1 |
public struct MateAdvertisement: Sendable, Hashable {
    /// The terms a runner advertises, as `peers` shows them.
    public struct Terms: Sendable, Hashable {
        public var mode: RaceMode
        public var goal: RaceGoal
        /// The course file's name.
        public var course: String?
        public var speedup: Double

        /// The advertised part of `terms`.
        public init(_ terms: RaceTerms) {
            (mode, goal, course, speedup) = (terms.mode, terms.goal, terms.course?.name, terms.speedup)
        }

        init?(txt: [String: String]) {
            guard let mode = txt["mode"].flatMap(Self.mode(named:)),
                  let centimetres = txt["goal"].flatMap({ UInt32($0) }), centimetres > 0
            else { return nil }
            self.mode = mode
            goal = RaceGoal(centimetres: centimetres)
            course = txt["course"].flatMap { $0.isEmpty ? nil : $0 }
            speedup = RaceTerms.quantized(txt["speedup"].flatMap { Double($0) } ?? 1)
        }

        static func name(_ mode: RaceMode) -> String {
            switch mode {
            case .single: "single"
            case .race: "race"
            case .team: "team"
            }
        }

        static func mode(named name: String) -> RaceMode? {
            RaceMode.allCases.first { Self.name($0) == name }
        }
    }

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
    /// Its terms, when it has its own.
    public var terms: Terms?

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
        terms = Terms(txt: txt)
    }

    /// The TXT record's pairs.
    public var txt: [String: String] {
        var pairs = ["v": "\(version)", "id": runnerID, "name": Self.cut(name, bytes: 63), "state": state.rawValue]
        if let raceID { pairs["race"] = Self.cut(raceID, bytes: 32) }
        if let terms {
            pairs["mode"] = Terms.name(terms.mode)
            pairs["goal"] = "\(terms.goal.centimetres)"
            if let course = terms.course { pairs["course"] = Self.cut(course, bytes: 32) }
            if terms.speedup != 1 { pairs["speedup"] = "\(terms.speedup)" }
        }
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
