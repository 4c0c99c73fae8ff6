import Domain
import FrontEndKit

extension FrontEndCourse {
    /// The most points a `course` frame carries: a few hundred draw any course on a screen.
    public static let maximumPoints = 300

    /// The frame payload of `course` run under `terms` (its digest, laps and file name).
    public init(_ course: LappedCourse, terms: CourseTerms) {
        self.init(
            name: course.course.name, file: terms.name, digest: terms.digest, laps: course.laps,
            // One lap's length as the terms carry it (whole centimetres), so the board and the records agree.
            length: DisplayFormat.distance(terms.length), lengthMetres: terms.length, totalMetres: course.totalLength,
            points: course.course.simplified(maximumPoints: Self.maximumPoints).map { [$0.latitude, $0.longitude] }
        )
    }
}
