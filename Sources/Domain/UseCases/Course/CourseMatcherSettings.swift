import Foundation

/// The numbers of the course matcher (`CourseMatcher`), each with the reason for its value.
public struct CourseMatcherSettings: Sendable, Hashable {
    /// The standard numbers, used by every peer of a course race.
    public static let standard = CourseMatcherSettings()

    /// The fastest a runner's progress may grow, m/s, on average: faster than any runner's sprint
    /// (about 10 m/s for the fastest humans over 100 m), so it never holds back a real runner, but
    /// a receiver's jump to a far part of the course (a crossing, the other side of an out-and-back,
    /// the same place a lap later) is out of reach.
    public var maximumSpeed: Double
    /// Metres of progress allowed on top of `maximumSpeed × time` (a burst): a matched position is
    /// ahead or behind the true one by up to the receiver's error, so after a fix that lagged, the
    /// next may catch up by that much at once. 30 m covers a phone's error under trees or between
    /// buildings (10 to 30 m) without letting one fix skip a hairpin.
    public var burst: Double
    /// Metres behind the current progress still searched: a runner standing still, or a fix that
    /// lags, matches there (and the progress stays) rather than on some other part of the course.
    public var lookBehind: Double
    /// Metres within which two candidate places on the course count as equally near: the earliest
    /// (the least progress) of them wins. So the same place a lap later, or the return leg of an
    /// out-and-back a few metres across the road, never wins against the place the runner is at.
    /// 1 m: noise on two passes of one place differs by more than that only when both are in reach,
    /// and a runner just past a corner lags by at most this much (caught up at the next position).
    public var tieTolerance: Double
    /// Farther from the course than this, in metres, a fix does not move progress, and a runner
    /// that stays that far for `offCourseAfter` is off course. 50 m: a phone reads 5 to 10 m off
    /// in the open and up to 30 m in a city or a forest, and a course drawn in a planner can be
    /// 10 to 15 m beside the path actually run; 50 m is past both together, yet nearer than
    /// the parallel street one block away (about 80 to 100 m in a town).
    public var offCourseDistance: Double
    /// Seconds a runner must stay beyond `offCourseDistance` to be off course: a few bad fixes (a
    /// tunnel, a tall building's reflection) last seconds; 30 s off the course (about 100 m at a
    /// run) is a wrong turn, shown to everyone until the runner is back.
    public var offCourseAfter: TimeInterval
    /// Metres around the finish (the course's last point, last lap) within which a runner whose progress
    /// is that close to the end has finished: a runner standing on the finish line is matched up to a
    /// receiver's error before it (5 to 20 m), and would otherwise never reach the end of the course.
    public var finishRadius: Double

    /// Matcher numbers; the defaults are the standard ones.
    public init(
        maximumSpeed: Double = 12,
        burst: Double = 30,
        lookBehind: Double = 20,
        tieTolerance: Double = 1,
        offCourseDistance: Double = 50,
        offCourseAfter: TimeInterval = 30,
        finishRadius: Double = 20
    ) {
        self.maximumSpeed = maximumSpeed
        self.burst = burst
        self.lookBehind = lookBehind
        self.tieTolerance = tieTolerance
        self.offCourseDistance = offCourseDistance
        self.offCourseAfter = offCourseAfter
        self.finishRadius = finishRadius
    }
}
