/// One thing the audio front-end says or sounds: what kind, the words (or the tone), and the instant on
/// the race clock it belongs to.
public struct Cue: Sendable, Equatable {
    /// The order the cue was made in, from 0: the cue log is written in this order.
    public var sequence: Int
    /// What the cue is about.
    public var kind: CueKind
    /// What the replacement rule compares: a newer cue with the same slot replaces a waiting one
    /// (`split`, `pass`, `cheer:alice`, `mate:bob`...).
    public var slot: String
    /// The race-clock time of the frame that made it, ISO-8601 as the frame carries it.
    public var time: String
    /// The instant it belongs at, in seconds after the first frame (the start of the WAV timeline).
    public var seconds: Double
    /// The words spoken; for a tone, what it stands for (`3`, `GO`).
    public var text: String
    /// A tone instead of speech (the countdown's beeps).
    public var tone: Tone?

    /// A cue of `kind` at `seconds` (made from a frame of race time `time`).
    public init(sequence: Int, kind: CueKind, slot: String? = nil, time: String, seconds: Double, text: String, tone: Tone? = nil) {
        self.sequence = sequence
        self.kind = kind
        self.slot = slot ?? kind.rawValue
        self.time = time
        self.seconds = seconds
        self.text = text
        self.tone = tone
    }
}

/// The kinds of cue, as the cue log names them.
public enum CueKind: String, Sendable, CaseIterable, Codable {
    /// 3, 2, 1 before the start: a short beep each.
    case countdown
    /// The start instant: a long, higher tone.
    case start
    /// Our runner passed a split (each kilometre by default): distance, time, pace, rank.
    case split
    /// A mate passed us, or we passed a mate.
    case pass
    /// The gap to the leader, or (leading) to the runner behind.
    case gap
    /// Our own runner finished or cancelled.
    case finish
    /// A mate finished, cancelled, was lost or is back.
    case mate
    /// A mate cheered.
    case cheer
    /// Our runner left the course or is back on it.
    case course
    /// An invitation to a run.
    case invitation
    /// The final result.
    case result
    /// A warning or an error the host reported.
    case notice

    /// The countdown and the start tone always win: they go before anything waiting and cut what is
    /// playing, so that every peer's tones sound at the same instant.
    public var isUrgent: Bool { self == .countdown || self == .start }

    /// How long a cue may wait behind others before it is stale and dropped, in seconds: a split or a
    /// pass is worth hearing only while it is true; the result is always read.
    public var maximumWait: Double {
        switch self {
        case .countdown, .start: 0.5
        case .gap: 5
        case .split, .pass, .course: 10
        case .cheer: 20
        case .mate, .finish, .notice: 30
        case .invitation: 60
        case .result: .infinity
        }
    }

    /// The least verbosity at which this kind is spoken.
    public var verbosity: Verbosity {
        switch self {
        case .countdown, .start, .finish, .course, .invitation, .result: .quiet
        case .split, .pass, .gap, .mate, .cheer, .notice: .normal
        }
    }
}

/// How much the audio front-end says (`audio.verbosity`).
public enum Verbosity: String, Sendable, CaseIterable, Comparable {
    /// The countdown, an invitation, off course, your finish and the result.
    case quiet
    /// Also splits, passes, mates' news, cheers, warnings, and the gap every 2 minutes.
    case normal
    /// Also the gap every 30 seconds and every notice.
    case chatty

    private var order: Int { Self.allCases.firstIndex(of: self) ?? 0 }

    public static func < (lhs: Verbosity, rhs: Verbosity) -> Bool { lhs.order < rhs.order }

    /// Seconds of race time between two gap cues (nil: none).
    public var gapInterval: Double? {
        switch self {
        case .quiet: nil
        case .normal: 120
        case .chatty: 30
        }
    }
}
