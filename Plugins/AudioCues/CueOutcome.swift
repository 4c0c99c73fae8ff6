/// What became of a cue: heard (from when, for how long, whole or cut short), or dropped and why.
public enum CueOutcome: Sendable, Equatable {
    /// Played from `start` for `duration` seconds on the player's timeline; `cut` when the countdown
    /// stopped it before its end.
    case played(start: Double, duration: Double, cut: Bool)
    /// A newer cue of the same slot took its place before it was heard.
    case replaced
    /// It waited longer than its kind allows.
    case stale
    /// The player could not make it heard (synthesis or the device failed).
    case failed

    /// The word the cue log writes.
    public var name: String {
        switch self {
        case .played(_, _, let cut): cut ? "cut" : "played"
        case .replaced: "replaced"
        case .stale: "stale"
        case .failed: "failed"
        }
    }
}
