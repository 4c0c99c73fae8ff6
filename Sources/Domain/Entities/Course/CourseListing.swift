/// What a host's invitation says of its course besides its terms (`CourseTerms`: digest, file name,
/// lap length, laps): enough for a joiner to show the course before it has it, and to fetch it from
/// the host (docs/COURSES.md, "Agreement"; docs/PROTOCOL.md, "7 invitation").
public struct CourseListing: Sendable, Hashable, Codable {
    /// The course's own name (its GPX `<name>`, or its file's), 1 to 64 bytes of UTF-8.
    public var title: String
    /// The whole race along the course (every lap), in whole centimetres.
    public var totalCentimetres: UInt32
    /// How many points the course has (after merging duplicates), 2 … `Course.maximumPoints`.
    public var pointCount: Int

    /// A listing of a course called `title`, `totalCentimetres` long in all, of `pointCount` points.
    public init(title: String, totalCentimetres: UInt32, pointCount: Int) {
        self.title = title
        self.totalCentimetres = totalCentimetres
        self.pointCount = pointCount
    }

    /// The listing of `course` as laid out for a race.
    public init(_ course: LappedCourse) {
        self.init(
            title: course.course.name, totalCentimetres: UInt32((course.totalLength * 100).rounded()),
            pointCount: course.course.points.count
        )
    }
}
