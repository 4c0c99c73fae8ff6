import Foundation

/// Accumulates the distance of one runner's track from fixes, and the instant it reached a goal.
///
/// This first version rejects what can never be right (invalid coordinates, time going backwards) and
/// counts each rejection; the GPS noise filter (accuracy, jitter, jumps) comes with the Domain issue.
public struct DistanceTracker: Sendable {
    /// Why a fix was not used.
    public enum Rejection: String, Sendable, Hashable, CaseIterable {
        case invalidCoordinate = "invalid-coordinate"
        case timeWentBackwards = "time-went-backwards"
    }

    /// What adding one fix did.
    public enum Outcome: Sendable, Equatable {
        case accepted(addedMetres: Double)
        case rejected(Rejection)
    }

    public private(set) var distance: Double = 0
    public private(set) var lastFix: Fix?
    public private(set) var rejections: [Rejection: Int] = [:]

    public init() {}

    /// Adds one fix and returns what it did.
    @discardableResult
    public mutating func add(_ fix: Fix) -> Outcome {
        guard fix.coordinate.isValid else { return reject(.invalidCoordinate) }
        guard let previous = lastFix else {
            lastFix = fix
            return .accepted(addedMetres: 0)
        }
        guard fix.timestamp >= previous.timestamp else { return reject(.timeWentBackwards) }
        let step = Geodesy.distance(from: previous.coordinate, to: fix.coordinate)
        distance += step
        lastFix = fix
        return .accepted(addedMetres: step)
    }

    /// The instant the distance crossed `goal` metres during the last step, interpolated linearly
    /// between the last two accepted fixes. `previousDistance` and `previousTime` describe the fix
    /// before the last one.
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

    private mutating func reject(_ reason: Rejection) -> Outcome {
        rejections[reason, default: 0] += 1
        return .rejected(reason)
    }
}
