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
