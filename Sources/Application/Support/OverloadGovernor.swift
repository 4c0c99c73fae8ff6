import Foundation

/// Under overload, degrade in this order: the display's rate first, then our updates' rate; never
/// what is decided (docs/ARCHITECTURE.md, "Under overload"). The signal is how late the process's
/// sleeps wake, smoothed over time: on a machine with time to spare a sleep wakes within a millisecond;
/// when the cores are shared by more work than they can do, tens or hundreds of milliseconds late.
/// Pure: `OverloadWatch` feeds it the lateness of every sleep of the race clocks (`SleepLateness`).
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

    /// How much of a new sample goes into the smoothed lateness when it comes `smoothingPeriod` after the
    /// one before; samples closer together weigh less, further apart more, so that the smoothed lateness
    /// follows the time the load lasts, not how many sleeps happened to end in it (a run at 10 fixes a
    /// second wakes more often than one at 1).
    static let smoothing = 0.3
    static let smoothingPeriod = 0.2
    /// How long (seconds) the lateness must stay under a third of a level's threshold before the level
    /// is left, one step at a time: a moment of calm does not bring the full rate back.
    static let calmPeriod = 3.0

    /// The smoothed lateness, in seconds.
    public private(set) var lateness = 0.0
    public private(set) var level = Level.normal
    private var calmSince: Double?
    private var lastSample: Double?

    public init() {}

    /// One measurement: a timer fired `late` seconds after it was due, at `now` (seconds on any
    /// monotonic clock). The new level when it changes, else nil.
    public mutating func observe(late: Double, at now: Double) -> Level? {
        guard late.isFinite, now.isFinite else { return nil }
        let weight = lastSample.map { 1 - pow(1 - Self.smoothing, max(0, now - $0) / Self.smoothingPeriod) } ?? Self.smoothing
        lastSample = max(lastSample ?? now, now)
        lateness += min(1, weight) * (max(0, late) - lateness)
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
