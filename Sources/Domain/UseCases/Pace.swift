import Foundation

/// Pace in seconds per kilometre (Presentation shows it as min/km), overall and over a rolling window.
public struct Pace: Sendable {
    /// 60 s: the rolling window's length.
    public static let standardWindow: TimeInterval = 60
    /// Below 10 m covered (overall or in the window) there is no pace: the runner is standing still,
    /// and a pace from a few metres of GPS noise would be meaningless.
    public static let minimumDistance = 10.0

    /// The rolling window's length, in seconds.
    public let window: TimeInterval
    /// (seconds since start, metres) samples; the first one is at or before the window's start.
    private var samples: [(time: TimeInterval, distance: Double)] = []

    /// The slowest and fastest pace a runner may be given (`run --pace`): 2:00 to 30:00 min/km.
    public static let settable: ClosedRange<TimeInterval> = 120...1800

    /// Seconds per kilometre of a pace written `5:30` (minutes and seconds) or `5.5` (minutes); nil for
    /// anything else or a pace outside `settable`.
    public static func secondsPerKilometre(parsing text: String) -> TimeInterval? {
        let parts = text.split(separator: ":", omittingEmptySubsequences: false)
        let seconds: Double?
        switch parts.count {
        case 1: seconds = Double(parts[0]).map { $0 * 60 }
        case 2:
            if let minutes = Int(parts[0]), let secs = Int(parts[1]), (0..<60).contains(secs), minutes >= 0 {
                seconds = Double(minutes * 60 + secs)
            } else {
                seconds = nil
            }
        default: seconds = nil
        }
        guard let seconds, seconds.isFinite, settable.contains(seconds) else { return nil }
        return seconds
    }

    /// `secondsPerKilometre` written as minutes and seconds, `5:30` (whole seconds).
    public static func text(secondsPerKilometre: TimeInterval) -> String {
        let whole = Int(secondsPerKilometre)
        return "\(whole / 60):\(whole % 60 < 10 ? "0" : "")\(whole % 60)"
    }

    /// A pace meter with the given rolling window.
    public init(window: TimeInterval = Pace.standardWindow) {
        self.window = window
    }

    /// The overall pace: seconds per kilometre over the whole run; nil below `minimumDistance`, for a
    /// zero or negative time, or non-finite values.
    public static func overall(distance: Double, elapsed: TimeInterval) -> TimeInterval? {
        guard distance.isFinite, elapsed.isFinite, distance >= minimumDistance, elapsed > 0 else { return nil }
        return elapsed / distance * 1000
    }

    /// Records the runner's distance at a time (seconds since start). Samples going back in time or
    /// not finite are ignored.
    public mutating func record(time: TimeInterval, distance: Double) {
        guard time.isFinite, distance.isFinite else { return }
        if let last = samples.last, time < last.time || distance < last.distance { return }
        samples.append((time, distance))
        let start = time - window
        while samples.count > 1, samples[1].time <= start {
            samples.removeFirst()
        }
    }

    /// The pace over the last `window` seconds (from the last sample at or before the window's start
    /// to the latest one); nil below `minimumDistance` covered in it.
    public var rolling: TimeInterval? {
        guard let first = samples.first, let last = samples.last else { return nil }
        let metres = last.distance - first.distance
        let seconds = last.time - first.time
        guard metres >= Self.minimumDistance, seconds > 0 else { return nil }
        return seconds / metres * 1000
    }
}
