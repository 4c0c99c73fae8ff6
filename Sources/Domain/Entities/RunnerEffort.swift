import Foundation

/// What our own runner's effort looks like so far: calories, pace, activity, and what the noise filter
/// did with the fixes. Computed by our peer only; not on the wire (yet).
public struct RunnerEffort: Sendable, Hashable {
    /// Kilocalories burned (`CalorieCounter`).
    public var kilocalories: Double
    /// Seconds per kilometre over the whole run; nil below 10 m.
    public var overallPace: TimeInterval?
    /// Seconds per kilometre over the last 60 s; nil when standing still.
    public var rollingPace: TimeInterval?
    /// The activity of the latest counted step.
    public var activity: Activity
    /// Fixes the noise filter dropped, by reason.
    public var rejectedFixes: [DistanceTracker.Rejection: Int]
    /// The reported accuracy of the latest fix dropped as too inaccurate, in metres.
    public var lastPoorAccuracy: Double?
    /// The noise filter's numbers the fixes were judged by (what a person is told to change).
    public var noiseFilter: NoiseFilterSettings
    /// Fixes used for their time only (movement under the minimum step).
    public var stationaryFixes: Int
    /// The receiver's own distance (through the noise filter), in metres: the same as the progress
    /// without a course, reported beside the progress along it in a course race.
    public var gpsDistance: Double

    /// An effort summary.
    public init(
        kilocalories: Double = 0, overallPace: TimeInterval? = nil, rollingPace: TimeInterval? = nil,
        activity: Activity = .stationary, rejectedFixes: [DistanceTracker.Rejection: Int] = [:], stationaryFixes: Int = 0,
        gpsDistance: Double = 0, lastPoorAccuracy: Double? = nil, noiseFilter: NoiseFilterSettings = .standard
    ) {
        self.lastPoorAccuracy = lastPoorAccuracy
        self.noiseFilter = noiseFilter
        self.kilocalories = kilocalories
        self.overallPace = overallPace
        self.rollingPace = rollingPace
        self.activity = activity
        self.rejectedFixes = rejectedFixes
        self.stationaryFixes = stationaryFixes
        self.gpsDistance = gpsDistance
    }
}
