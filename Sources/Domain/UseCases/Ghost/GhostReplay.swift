import Foundation

/// Turns a recorded run into a ghost's progress, as a runner's own peer would have measured it in this
/// race: its fixes through the GPS noise filter, then matched to the course when the race has one
/// (progress along the course, like every runner), else their filtered GPS distance. Times are offsets
/// from the run's first fix, so the ghost starts at the race's start instant.
public enum GhostReplay {
    /// The ghost track of `fixes` (in their recorded order), named `name`.
    public static func track(
        of fixes: [Fix],
        name: String,
        course: LappedCourse?,
        noiseFilter: NoiseFilterSettings = .standard,
        matcher settings: CourseMatcherSettings = .standard
    ) throws(GhostTrack.SamplingError) -> GhostTrack {
        guard let first = fixes.map(\.timestamp).min() else { throw .untimed }
        var tracker = DistanceTracker(settings: noiseFilter)
        var matcher = course.map { CourseMatcher(course: $0, settings: settings) }
        var points: [(elapsed: TimeInterval, distance: Double)] = [(0, 0)]
        var counted = 0.0
        for fix in fixes {
            guard case .accepted = tracker.add(fix) else { continue }
            if var current = matcher {
                current.match(fix.coordinate, at: fix.timestamp)
                matcher = current
                counted = max(counted, current.progress)
            } else {
                counted = tracker.distance
            }
            points.append((fix.timestamp.timeIntervalSince(first), counted))
        }
        return try GhostTrack.sampling(points, name: name)
    }

    /// The ghost track of a run's own progress samples (seconds since its start, metres): a recorded
    /// run without a course raced by its recorded distance.
    public static func track(
        ofSamples samples: [ProgressSample], name: String
    ) throws(GhostTrack.SamplingError) -> GhostTrack {
        try GhostTrack.sampling([(0, 0)] + samples.map { ($0.elapsed, $0.distance) }, name: name)
    }
}
