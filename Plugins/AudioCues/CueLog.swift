import FrontEndKit

/// The cue log (`audio.cues=FILE`): one JSON line per cue, in the order the cues were made, each
/// written once its outcome is known. Pure: `settle` returns the lines ready to write.
///
/// `{"at_s":12.5,"kind":"split","outcome":"played","start_s":12.5,"duration_s":3.1,"text":"...","time":"2027-...Z"}`:
/// `time` is the race-clock time of the frame that made the cue, `at_s` the cue's instant in seconds
/// after the first frame; `start_s` and `duration_s` (played or cut cues) where it sounded on the
/// player's timeline (the WAV's, which is the race's, or the seconds since the front-end started).
public struct CueLog: Sendable {
    struct Line: Encodable {
        var time: String
        var atSeconds: Double
        var kind: String
        var text: String
        var outcome: String
        var startSeconds: Double?
        var durationSeconds: Double?

        enum CodingKeys: String, CodingKey {
            case time, kind, text, outcome
            case atSeconds = "at_s"
            case startSeconds = "start_s"
            case durationSeconds = "duration_s"
        }
    }

    private var settled: [Int: Line] = [:]
    private var nextSequence = 0

    /// An empty log.
    public init() {}

    /// Records `outcome` for `cue`; returns the lines (each ending in a newline) now ready in order.
    public mutating func settle(_ cue: Cue, _ outcome: CueOutcome) -> [String] {
        var line = Line(time: cue.time, atSeconds: Self.milliseconds(cue.seconds), kind: cue.kind.rawValue, text: cue.text, outcome: outcome.name)
        if case let .played(start, duration, _) = outcome {
            line.startSeconds = Self.milliseconds(start)
            line.durationSeconds = Self.milliseconds(duration)
        }
        settled[cue.sequence] = line
        var ready: [String] = []
        while let next = settled.removeValue(forKey: nextSequence) {
            nextSequence += 1
            if let bytes = try? FrontEndCoding.encode(next) { ready.append(String(decoding: bytes, as: UTF8.self) + "\n") }
        }
        return ready
    }

    private static func milliseconds(_ seconds: Double) -> Double {
        (seconds * 1000).rounded() / 1000
    }
}
