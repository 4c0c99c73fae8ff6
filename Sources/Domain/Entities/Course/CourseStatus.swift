/// Our own runner on the course, as its matcher sees it: shown beside the race's standings.
public struct CourseStatus: Sendable, Hashable {
    /// Metres along the course from the race's start (all laps).
    public var progress: Double
    /// Metres from the course of the last position.
    public var distanceFromCourse: Double
    /// Whether the runner is off course.
    public var isOffCourse: Bool
    /// The lap the runner is in (1-based).
    public var lap: Int
    /// Positions too far from the course to count, so far.
    public var farPositions: Int

    /// A status with these values.
    public init(progress: Double, distanceFromCourse: Double, isOffCourse: Bool, lap: Int, farPositions: Int) {
        self.progress = progress
        self.distanceFromCourse = distanceFromCourse
        self.isOffCourse = isOffCourse
        self.lap = lap
        self.farPositions = farPositions
    }

    /// The matcher's status now.
    public init(matcher: CourseMatcher) {
        self.init(
            progress: matcher.progress, distanceFromCourse: matcher.distanceFromCourse, isOffCourse: matcher.isOffCourse,
            lap: matcher.course.lap(at: matcher.progress), farPositions: matcher.farPositions
        )
    }
}
