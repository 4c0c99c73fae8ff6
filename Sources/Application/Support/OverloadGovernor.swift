/// Under overload, degrade in this order: the display's rate first, then our updates' rate; never
/// what is decided (docs/ARCHITECTURE.md, "Under overload"). The signal is how late the process's
/// timers fire, smoothed: on a machine with time to spare a 200 ms sleep wakes within a millisecond;
/// when the cores are shared by more work than they can do, tens or hundreds of milliseconds late.
/// Pure: `OverloadWatch` feeds it the lateness it measures.
public struct OverloadGovernor: Sendable {
    public enum Level: Int, Comparable, CaseIterable, Sendable {
        /// Status frames at the standard rate (12.5 a second), every fix published.
        case normal
        /// Status frames 4 a second; every fix still published.
        case display
        /// Status frames 2 a second; our fixes at most 4 a second (the newest).
        case updates
        /// Status frames 2 a second; our fixes at most 2 a second (frames no rarer than that: a change
        /// that lasts a second, such as a pass just before a cancel, still shows in one).
        case strained

        public static func < (lhs: Level, rhs: Level) -> Bool { lhs.rawValue < rhs.rawValue }

        /// The least real time between two status frames.
        public var statusInterval: Duration {
            switch self {
            case .normal: .milliseconds(80)
            case .display: .milliseconds(250)
            case .updates: .milliseconds(500)
            case .strained: .milliseconds(500)
            }
        }

        /// The least real time between two of our published fixes, in seconds (0: every fix).
        public var updateInterval: Double {
            switch self {
            case .normal, .display: 0
            case .updates: 0.25
            case .strained: 0.5
            }
        }

        /// The smoothed lateness (seconds) from which this level applies.
        var threshold: Double {
            switch self {
            case .normal: 0
            case .display: 0.02
            case .updates: 0.06
            case .strained: 0.15
            }
        }
    }

    /// How much of each new sample goes into the smoothed lateness.
    static let smoothing = 0.3
    /// How long (seconds) the lateness must stay under a third of a level's threshold before the level
    /// is left, one step at a time: a moment of calm does not bring the full rate back.
    static let calmPeriod = 3.0

    /// The smoothed lateness, in seconds.
    public private(set) var lateness = 0.0
    public private(set) var level = Level.normal
    private var calmSince: Double?

    public init() {}

    /// One measurement: a timer fired `late` seconds after it was due, at `now` (seconds on any
    /// monotonic clock). The new level when it changes, else nil.
    public mutating func observe(late: Double, at now: Double) -> Level? {
        guard late.isFinite, now.isFinite else { return nil }
        lateness += Self.smoothing * (max(0, late) - lateness)
        let before = level
        if let higher = Level.allCases.last(where: { $0 > level && lateness >= $0.threshold }) {
            level = higher
            calmSince = nil
        } else if level > .normal, lateness < level.threshold / 3 {
            if let since = calmSince, now >= since {
                if now - since >= Self.calmPeriod {
                    level = Level(rawValue: level.rawValue - 1) ?? .normal
                    calmSince = now
                }
            } else {
                calmSince = now
            }
        } else {
            calmSince = nil
        }
        return level == before ? nil : level
    }
}
