import Foundation

/// The numbers of the GPS noise filter (`NoiseFilter`). `docs/DOMAIN.md` explains each default and
/// compares it with OpenTracks and FitoTrack.
public struct NoiseFilterSettings: Sendable, Hashable {
    /// The defaults for running and walking.
    public static let standard = NoiseFilterSettings()
    /// No filtering: every valid fix in time order counts point to point (the raw distance).
    public static let unfiltered = NoiseFilterSettings(
        maximumAccuracy: .infinity, minimumStep: 0, accuracyStepFactor: 0, maximumMinimumStep: 0,
        maximumSpeed: .infinity, maximumJump: .infinity, maximumGap: .infinity
    )

    /// Fixes whose reported horizontal accuracy is worse (larger) than this, in metres, are dropped.
    public var maximumAccuracy: Double
    /// Movement from the last counted position shorter than or equal to this, in metres, is taken as
    /// jitter while standing still and adds nothing (when the fix reports no accuracy).
    public var minimumStep: Double
    /// With a reported accuracy, the minimum step grows to this many times the accuracy: two fixes
    /// inside one accuracy circle are at most its diameter apart.
    public var accuracyStepFactor: Double
    /// The accuracy-based minimum step never exceeds this, in metres, so a poor receiver does not
    /// delay a runner's progress by more than this.
    public var maximumMinimumStep: Double
    /// A step faster than this, in metres per second, is impossible for a person running or riding.
    public var maximumSpeed: Double
    /// A single step longer than this, in metres, is never trusted, whatever the time between fixes.
    public var maximumJump: Double
    /// After more than this many seconds without a usable fix, the track starts a new segment: the
    /// distance across the gap is not counted.
    public var maximumGap: TimeInterval

    /// Settings; every parameter defaults to the standard value.
    public init(
        maximumAccuracy: Double = 20,
        minimumStep: Double = 2.5,
        accuracyStepFactor: Double = 2,
        maximumMinimumStep: Double = 10,
        maximumSpeed: Double = 20,
        maximumJump: Double = 500,
        maximumGap: TimeInterval = 300
    ) {
        self.maximumAccuracy = maximumAccuracy
        self.minimumStep = minimumStep
        self.accuracyStepFactor = accuracyStepFactor
        self.maximumMinimumStep = maximumMinimumStep
        self.maximumSpeed = maximumSpeed
        self.maximumJump = maximumJump
        self.maximumGap = maximumGap
    }

    /// The minimum step for a fix with this reported accuracy.
    public func minimumStep(accuracy: Double?) -> Double {
        guard let accuracy else { return minimumStep }
        return max(minimumStep, min(maximumMinimumStep, accuracyStepFactor * accuracy))
    }
}
