import Domain

/// What the screens say while an invited run settles on the host's course (docs/COURSES.md,
/// "Agreement"): the flow says what happened, this says it in words.
public enum CourseNotice: Sendable, Equatable {
    /// A joiner begins fetching the host's course `course` (its file name) of `points` points.
    case fetching(course: String, points: Int, host: String)
    /// The joiner's `--course` is not the host's: the host's is raced.
    case notHostsCourse(mine: CourseTerms, host: String, hosts: CourseTerms)
    /// The host's course, found on this device from an earlier fetch, under its `title`.
    case kept(course: String, title: String)
    /// The host's course fetched, `points` points, its digest checked.
    case fetched(course: String, title: String, points: Int, host: String)

    /// The notice shown.
    public var notice: Notice {
        switch self {
        case let .fetching(course, points, host):
            Notice(level: .info, message: "fetching the course \(course) (\(points) points) from \(host)")
        case let .notHostsCourse(mine, host, hosts):
            Notice(level: .warning, message: "your --course \(mine.name) (course \(mine.digest)) is not "
                + "\(host)'s course \(hosts.name) (course \(hosts.digest)): racing on \(host)'s")
        case let .kept(course, title):
            Notice(level: .info, message: "course \(course) (\(title)) kept on this device from an earlier fetch")
        case let .fetched(course, title, points, host):
            Notice(level: .info, message: "course \(course) (\(title)) fetched from \(host): \(points) points, "
                + "digest checked")
        }
    }
}
