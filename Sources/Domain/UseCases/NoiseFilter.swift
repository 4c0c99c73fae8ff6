import Foundation

/// Decides what one fix does to a runner's distance: dropped (and why), held as jitter, the start of
/// a new segment, or a counted step. Pure and deterministic; `DistanceTracker` applies its verdicts.
///
/// Rules, in order (numbers in `NoiseFilterSettings`, reasons in `docs/DOMAIN.md`):
/// 1. an invalid coordinate or a non-finite time is dropped;
/// 2. a fix the receiver marks as "no fix" is dropped;
/// 3. a fix whose reported accuracy is worse than `maximumAccuracy` (or not a number) is dropped;
/// 4. the first usable fix starts a segment;
/// 5. a fix older than the last usable one is dropped;
/// 6. a fix more than `maximumGap` after the last usable one, or marked `startsSegment`, starts a new
///    segment (nothing counted);
/// 7. a step from the last usable fix longer than `maximumJump`, or faster than `maximumSpeed`
///    (a zero-time step that moved more than the minimum step is infinitely fast), is dropped — unless
///    it is a jump and a plausible step from the jump dropped just before it (the runner really is at
///    the new place: a receiver that jumped or restarted), which starts a new segment there (nothing
///    counted for the jump); one far outlier followed by fixes from the old place is dropped alone;
/// 8. movement from the last counted position up to the minimum step is jitter: the fix is used for
///    its time, nothing is added, the counted position stays;
/// 9. otherwise the distance from the last counted position is added and the fix becomes it.
public struct NoiseFilter: Sendable {
    /// What one fix does.
    public enum Verdict: Sendable, Equatable {
        /// Not used at all.
        case rejected(DistanceTracker.Rejection)
        /// The first fix of a (new) segment: 0 m.
        case segmentStart
        /// Movement within the minimum step: 0 m, the counted position stays.
        case stationary
        /// A counted step of this many metres.
        case step(Double)
    }

    /// The filter's numbers.
    public let settings: NoiseFilterSettings
    /// The last fix that passed rules 1-7.
    public private(set) var lastUsable: Fix?
    /// The last position that counted (the anchor movement is measured from).
    public private(set) var counted: Fix?
    /// The fix dropped last as an impossible jump, while no usable fix came after it: if the next jump
    /// goes on plausibly from it, the filter starts a new segment there instead of freezing.
    public private(set) var jumpedTo: Fix?

    /// A filter with the given numbers.
    public init(settings: NoiseFilterSettings = .standard) {
        self.settings = settings
    }

    /// Judges one fix and moves the filter's state accordingly.
    public mutating func assess(_ fix: Fix) -> Verdict {
        guard fix.coordinate.isValid else { return .rejected(.invalidCoordinate) }
        guard fix.timestamp.timeIntervalSinceReferenceDate.isFinite else { return .rejected(.invalidTime) }
        guard fix.quality.hasFix else { return .rejected(.noFix) }
        if let accuracy = fix.horizontalAccuracy {
            guard accuracy.isFinite, accuracy >= 0, accuracy <= settings.maximumAccuracy else {
                return .rejected(.poorAccuracy)
            }
        }
        guard let previous = lastUsable, let anchor = counted else { return startSegment(at: fix) }
        let seconds = fix.timestamp.timeIntervalSince(previous.timestamp)
        guard seconds >= 0 else { return .rejected(.timeWentBackwards) }
        guard seconds <= settings.maximumGap, !fix.startsSegment else { return startSegment(at: fix) }

        let minimumStep = settings.minimumStep(accuracy: fix.horizontalAccuracy)
        let fromPrevious = Geodesy.distance(from: previous.coordinate, to: fix.coordinate)
        if let rejection = implausible(from: previous, to: fix, distance: fromPrevious, seconds: seconds, minimumStep: minimumStep) {
            // Two fixes in a row far away (a jump), plausible from each other: the runner is there. (A step
            // only too fast resolves itself: as time passes the speed from the last usable fix falls.)
            if rejection == .impossibleJump {
                if let jumped = jumpedTo, fix.timestamp >= jumped.timestamp,
                   implausible(
                       from: jumped, to: fix, distance: Geodesy.distance(from: jumped.coordinate, to: fix.coordinate),
                       seconds: fix.timestamp.timeIntervalSince(jumped.timestamp), minimumStep: minimumStep
                   ) == nil {
                    return startSegment(at: fix)
                }
                jumpedTo = fix
            }
            return .rejected(rejection)
        }
        jumpedTo = nil
        lastUsable = fix
        let fromAnchor = previous == anchor
            ? fromPrevious
            : Geodesy.distance(from: anchor.coordinate, to: fix.coordinate)
        guard fromAnchor > minimumStep else { return .stationary }
        counted = fix
        return .step(fromAnchor)
    }

    /// Why a step of `distance` metres in `seconds` from `from` to `to` cannot be run (rule 7), or nil.
    private func implausible(from: Fix, to: Fix, distance: Double, seconds: TimeInterval, minimumStep: Double) -> DistanceTracker.Rejection? {
        guard distance <= settings.maximumJump else { return .impossibleJump }
        let tooFast = seconds == 0 ? settings.maximumSpeed.isFinite : distance / seconds > settings.maximumSpeed
        return distance > minimumStep && tooFast ? .impossibleSpeed : nil
    }

    private mutating func startSegment(at fix: Fix) -> Verdict {
        lastUsable = fix
        counted = fix
        jumpedTo = nil
        return .segmentStart
    }
}
