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
