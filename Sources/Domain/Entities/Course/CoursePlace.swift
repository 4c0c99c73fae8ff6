/// Where one runner is on the course, as every peer computes it from the runner's replicated progress:
/// enough for a front-end to draw the runner on a map of the course without geometry of its own.
public struct CoursePlace: Sendable, Hashable {
    /// The point on the course at the runner's progress.
    public var coordinate: Coordinate
    /// The lap the runner is in (1-based).
    public var lap: Int
    /// Whether the runner's peer says it is off course (its progress is held).
    public var isOffCourse: Bool

    /// A runner's place.
    public init(coordinate: Coordinate, lap: Int, isOffCourse: Bool) {
        self.coordinate = coordinate
        self.lap = lap
        self.isOffCourse = isOffCourse
    }

    /// The place of `progress` on `course`.
    public init(_ progress: RunnerProgress, on course: LappedCourse) {
        self.init(coordinate: course.coordinate(at: progress.distance), lap: course.lap(at: progress.distance), isOffCourse: progress.isOffCourse)
    }
}
