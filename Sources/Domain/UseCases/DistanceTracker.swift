import Foundation

/// Accumulates the distance of one runner's track from fixes through the GPS noise filter
/// (`NoiseFilter`), counts every rejection by reason, and finds the instant a goal was reached.
public struct DistanceTracker: Sendable {
    /// What adding one fix did.
    public enum Outcome: Sendable, Equatable {
        /// The fix was used: its time counts, and this many metres were added (0 for the first fix
        /// of a segment and for jitter while standing still).
        case accepted(addedMetres: Double)
        /// The fix was dropped, for this reason.
        case rejected(Rejection)
    }

    /// Metres counted so far.
    public private(set) var distance: Double = 0
    /// Dropped fixes, by reason.
    public private(set) var rejections: [Rejection: Int] = [:]
    /// The reported accuracy of the latest fix dropped for it (`poorAccuracy`), in metres.
    public private(set) var lastPoorAccuracy: Double?
    /// Fixes used for their time only: the movement was within the minimum step (standing still).
    public private(set) var stationaryFixes = 0
    /// How many segments the track has: one at the first usable fix, one more after each long gap.
    public private(set) var segments = 0
    private var filter: NoiseFilter

    /// A tracker with the standard noise filter, or the given one.
    public init(settings: NoiseFilterSettings = .standard) {
        filter = NoiseFilter(settings: settings)
    }

    /// The filter's numbers.
    public var settings: NoiseFilterSettings { filter.settings }

    /// The last fix that was used (its time counts even when its movement did not).
    public var lastFix: Fix? { filter.lastUsable }

    /// How many fixes were dropped, all reasons together.
    public var rejectedCount: Int { rejections.values.reduce(0, +) }

    /// Adds one fix and returns what it did.
    @discardableResult
    public mutating func add(_ fix: Fix) -> Outcome {
        switch filter.assess(fix) {
        case .rejected(let reason):
            rejections[reason, default: 0] += 1
            if reason == .poorAccuracy, let accuracy = fix.horizontalAccuracy, accuracy.isFinite { lastPoorAccuracy = accuracy }
            return .rejected(reason)
        case .segmentStart:
            segments += 1
            return .accepted(addedMetres: 0)
        case .stationary:
            stationaryFixes += 1
            return .accepted(addedMetres: 0)
        case .step(let metres):
            distance += metres
            return .accepted(addedMetres: metres)
        }
    }

    /// The instant the distance crossed `goal` metres during the last step, interpolated linearly
    /// between the last two used fixes. `previous` and `current` are (distance, seconds since start)
    /// at those fixes. A step with no distance or no time gives `current.time` (never a division by 0).
    public static func crossingTime(
        goal: Double,
        from previous: (distance: Double, time: TimeInterval),
        to current: (distance: Double, time: TimeInterval)
    ) -> TimeInterval {
        let covered = current.distance - previous.distance
        guard covered > 0, current.time > previous.time else { return current.time }
        let fraction = min(1, max(0, (goal - previous.distance) / covered))
        return previous.time + fraction * (current.time - previous.time)
    }
}
