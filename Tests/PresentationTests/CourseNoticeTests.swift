import Domain
@testable import Presentation
import Testing

/// The words of an invited run's course agreement, as every front-end shows them.
@Suite("Course notices")
struct CourseNoticeTests {
    @Test("fetching, kept and fetched are information; a joiner's other --course is a warning naming both courses")
    func words() {
        #expect(CourseNotice.fetching(course: "north.gpx", points: 9, host: "alice").notice
            == Notice(level: .info, message: "fetching the course north.gpx (9 points) from alice"))
        #expect(CourseNotice.kept(course: "north.gpx", title: "North").notice
            == Notice(level: .info, message: "course north.gpx (North) kept on this device from an earlier fetch"))
        #expect(CourseNotice.fetched(course: "north.gpx", title: "North", points: 9, host: "alice").notice
            == Notice(level: .info, message: "course north.gpx (North) fetched from alice: 9 points, digest checked"))
        let mine = CourseTerms(digest: "1111111111111111", name: "south.gpx", lengthCentimetres: 40_000)
        let hosts = CourseTerms(digest: "2222222222222222", name: "north.gpx", lengthCentimetres: 40_000)
        let other = CourseNotice.notHostsCourse(mine: mine, host: "alice", hosts: hosts).notice
        let words = "your --course south.gpx (course 1111111111111111) is not alice's course north.gpx "
            + "(course 2222222222222222): racing on alice's"
        #expect(other == Notice(level: .warning, message: words))
    }
}
