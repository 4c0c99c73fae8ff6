import Foundation

/// Follows one runner along a course: each position is matched to the nearest place on the course
/// *that the runner can have reached*, and the runner's progress is that place's distance from the
/// start. Lateral GPS error (the receiver reading a few metres beside the path) does not count.
///
/// Rules (numbers and reasons in `CourseMatcherSettings`, docs/COURSES.md):
/// 1. only the part of the course from `lookBehind` metres behind the progress to as far ahead as the
///    runner can have run since the last position (`maximumSpeed × seconds`, plus at most `burst`
///    metres saved from earlier) is searched: crossings, out-and-backs and later laps are out of reach;
/// 2. in that part, the nearest place wins; of places within `tieTolerance` of the nearest, the
///    earliest wins (the same place a lap later never does);
/// 3. progress only grows: a place behind it holds it;
/// 4. a position farther than `offCourseDistance` from the searched part does not move progress; after
///    `offCourseAfter` seconds of such positions the runner is off course until a position is near
///    again (the search then reaches as far as the runner can have run in the meantime);
/// 5. a runner matched within `finishRadius` of the end, at a position within `finishRadius` of the
///    finish point, has run the whole course.
///
/// Pure and deterministic, O(metres searched / segment length) per position, no allocation.
public struct CourseMatcher: Sendable {
    /// What one position did.
    public struct Match: Sendable, Equatable {
        /// Progress after it, in metres from the race's start along the course (all laps).
        public var progress: Double
        /// Metres from the position to the nearest searched place on the course.
        public var distanceFromCourse: Double
        /// Whether the runner is off course (rule 4).
        public var isOffCourse: Bool
    }

    /// The course, with its laps.
    public let course: LappedCourse
    /// The matcher's numbers.
    public let settings: CourseMatcherSettings
    /// Metres from the race's start along the course; never decreases.
    public private(set) var progress: Double = 0
    /// Whether the runner is off course now.
    public private(set) var isOffCourse = false
    /// Metres from the course of the last position.
    public private(set) var distanceFromCourse: Double = 0
    /// Positions matched.
    public private(set) var matched = 0
    /// Of them, those too far from the course to move progress.
    public private(set) var farPositions = 0

    private var budget: Double
    private var lastTime: Date?
    private var farSince: Date?

    /// A matcher at the start of `course`.
    public init(course: LappedCourse, settings: CourseMatcherSettings = .standard) {
        self.course = course
        self.settings = settings
        self.budget = settings.burst
    }

    /// The point on the course the runner is at.
    public var coordinate: Coordinate { course.coordinate(at: progress) }

    /// Whether the runner has run the whole course (every lap).
    public var isComplete: Bool { progress >= course.totalLength }

    /// Goes on from `metres` along the course (a restarted peer resuming where its mates last heard
    /// it); never moves progress back.
    public mutating func resume(from metres: Double) {
        guard metres.isFinite else { return }
        progress = min(course.totalLength, max(progress, metres))
    }

    /// Matches one position taken at `time`. Invalid coordinates and times change nothing; a time
    /// before the latest one counts as no time passed.
    @discardableResult
    public mutating func match(_ coordinate: Coordinate, at time: Date) -> Match {
        let seconds = time.timeIntervalSinceReferenceDate
        guard coordinate.isValid, seconds.isFinite else { return current }
        let elapsed = lastTime.map { max(0, time.timeIntervalSince($0)) } ?? 0
        if lastTime.map({ time > $0 }) ?? true { lastTime = time }
        // Rule 1: what the runner can have run since the last position, plus a burst saved earlier
        // (while off course, everything saved: the runner may rejoin farther on).
        let saved = farSince == nil ? min(budget, settings.burst) : budget
        budget = min(course.totalLength, saved + settings.maximumSpeed * elapsed)
        matched += 1

        let point = course.planar(coordinate)
        let low = max(0, progress - settings.lookBehind)
        let high = min(course.totalLength, progress + budget)
        let first = course.segment(containing: low)
        let nearest = search(point, from: first, low: low, high: high, within: .infinity)
        let chosen = search(point, from: first, low: low, high: high, within: nearest.distance + settings.tieTolerance)
        distanceFromCourse = nearest.distance

        if nearest.distance > settings.offCourseDistance {
            farPositions += 1
            let since = farSince ?? time
            farSince = since
            if time.timeIntervalSince(since) >= settings.offCourseAfter { isOffCourse = true }
            return current
        }
        farSince = nil
        isOffCourse = false
        var along = chosen.along
        // Rule 5: at the finish.
        if course.totalLength - along <= settings.finishRadius, distanceToFinish(point) <= settings.finishRadius {
            along = course.totalLength
        }
        if along > progress {
            budget -= along - progress
            progress = along
        }
        return current
    }

    /// Metres from `point` to the course's last point on the plane.
    private func distanceToFinish(_ point: (x: Double, y: Double)) -> Double {
        let finish = course.finish
        let (ex, ey) = (finish.x - point.x, finish.y - point.y)
        return (ex * ex + ey * ey).squareRoot()
    }

    private var current: Match {
        Match(progress: progress, distanceFromCourse: distanceFromCourse, isOffCourse: isOffCourse)
    }

    /// The nearest place to `point` on the course between `low` and `high` metres, from segment
    /// `first` on: with `within` infinite, the nearest of all; otherwise the first one nearer than `within`.
    private func search(
        _ point: (x: Double, y: Double), from first: Int, low: Double, high: Double, within: Double
    ) -> (distance: Double, along: Double) {
        var best = (distance: Double.infinity, along: low)
        var index = first
        let perLap = course.segmentsPerLap
        while index < course.segmentCount {
            let lapStart = Double(index / perLap) * course.lapLength
            let local = index % perLap
            let segmentStart = lapStart + course.starts[local]
            if segmentStart > high { break }
            let length = course.lengths[local]
            // The segment's part inside [low, high], as fractions of it.
            let from = length > 0 ? max(0, (low - segmentStart) / length) : 0
            let to = length > 0 ? min(1, (high - segmentStart) / length) : 0
            if from <= to {
                let (ax, ay, dx, dy) = (course.ax[local], course.ay[local], course.dx[local], course.dy[local])
                let projected = ((point.x - ax) * dx + (point.y - ay) * dy) * course.inverseSquaredLength[local]
                let fraction = min(to, max(from, projected))
                let (ex, ey) = (ax + fraction * dx - point.x, ay + fraction * dy - point.y)
                let distance = (ex * ex + ey * ey).squareRoot()
                if within.isFinite {
                    if distance <= within { return (distance, segmentStart + fraction * length) }
                } else if distance < best.distance {
                    best = (distance, segmentStart + fraction * length)
                }
            }
            index += 1
        }
        return best
    }
}
