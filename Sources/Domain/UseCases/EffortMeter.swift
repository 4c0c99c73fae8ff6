import Foundation

/// Turns our runner's counted distance over time into calories and pace.
///
/// Calories are added each time the counted distance grows, for the whole time since it last grew,
/// at the average speed over that time: a slow walk counted in 3 m steps every 3 s is walking, not one
/// second of running and two of standing. Time in which the distance does not grow is stationary
/// (0 METs), so it adds nothing until movement resumes.
public struct EffortMeter: Sendable {
    private var calories: CalorieCounter
    private var pace = Pace()
    private var lastGrowth: (time: TimeInterval, distance: Double) = (0, 0)
    private var latest: (time: TimeInterval, distance: Double) = (0, 0)
    private var activity = Activity.stationary

    /// A meter for this runner's profile, from 0 at time 0.
    public init(profile: RunnerProfile = .standard) {
        calories = CalorieCounter(profile: profile)
    }

    /// Records the counted distance (metres) at a time (seconds since start). Going back in time or
    /// distance, or non-finite values, are ignored.
    public mutating func record(time: TimeInterval, distance: Double) {
        guard time.isFinite, distance.isFinite, time >= latest.time, distance >= latest.distance else { return }
        latest = (time, distance)
        pace.record(time: time, distance: distance)
        let metres = distance - lastGrowth.distance
        let seconds = time - lastGrowth.time
        guard metres > 0, seconds > 0 else { return }
        calories.add(metres: metres, over: seconds)
        activity = Activity(speed: metres / seconds)
        lastGrowth = (time, distance)
    }

    /// The effort so far, with the noise filter's counts from `tracker`.
    public func effort(tracker: DistanceTracker) -> RunnerEffort {
        RunnerEffort(
            kilocalories: calories.kilocalories,
            overallPace: Pace.overall(distance: latest.distance, elapsed: latest.time),
            rollingPace: pace.rolling,
            activity: activity,
            rejectedFixes: tracker.rejections,
            stationaryFixes: tracker.stationaryFixes,
            gpsDistance: tracker.distance,
            lastPoorAccuracy: tracker.lastPoorAccuracy,
            noiseFilter: tracker.settings
        )
    }
}
