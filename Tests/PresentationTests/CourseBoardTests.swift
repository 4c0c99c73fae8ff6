import Domain
import Foundation
import FrontEndKit
@testable import Presentation
import Testing

/// A course race on the board: each runner's place on the course, and the course frame's payload.
@Suite("Course on the board")
struct CourseBoardTests {
    @Test("every runner with a place gets its progress, lap, off-course state and point; ours its GPS distance too")
    func places() throws {
        var snapshot = Sample.snapshot(.running, [
            Sample.progress(Sample.ana, elapsed: 60, distance: 50), Sample.progress(Sample.bor, elapsed: 60, distance: 40),
        ])
        snapshot.effort = RunnerEffort(gpsDistance: 52.5)
        snapshot.places = [
            Sample.ana.id: CoursePlace(coordinate: Coordinate(latitude: 46.0004, longitude: 14.5), lap: 1, isOffCourse: false),
            Sample.bor.id: CoursePlace(coordinate: Coordinate(latitude: 46.0003, longitude: 14.5), lap: 1, isOffCourse: true),
        ]
        let rows = RaceBoard(snapshot).runners
        #expect(rows[0].course == FrontEndRunnerCourse(
            progressMetres: 50, lap: 1, latitude: 46.0004, longitude: 14.5, gpsDistanceMetres: 52.5
        ))
        #expect(rows[1].course == FrontEndRunnerCourse(progressMetres: 40, lap: 1, latitude: 46.0003, longitude: 14.5))
        #expect(rows.map(\.offCourse) == [false, true])
        // Without a course: neither field at all.
        snapshot.places = [:]
        #expect(RaceBoard(snapshot).runners.allSatisfy { $0.course == nil && $0.offCourse == nil })
    }

    @Test("the course frame's payload: names, lengths, and at most 300 points with both ends")
    func coursePayload() throws {
        let points = (0...1_000).map { Coordinate(latitude: 46 + Double($0) * 0.00002, longitude: 14.5 + ($0 % 2 == 0 ? 0 : 0.00003)) }
        let course = try LappedCourse(course: Course(name: "Zigzag", points: points + [points[0]]), laps: 2)
        let terms = CourseTerms(digest: "0123456789abcdef", name: "zigzag.gpx", lengthCentimetres: UInt32((course.lapLength * 100).rounded()), laps: 2)
        let payload = FrontEndCourse(course, terms: terms)
        #expect(payload.name == "Zigzag" && payload.file == "zigzag.gpx" && payload.digest == "0123456789abcdef" && payload.laps == 2)
        // One lap as the terms carry it (whole centimetres), as `records show` prints it.
        #expect(payload.lengthMetres == terms.length && abs(payload.lengthMetres - course.lapLength) < 0.005)
        #expect(payload.totalMetres == course.totalLength)
        #expect(payload.points.count <= 300 && payload.points.count >= 2)
        #expect(payload.points.first == [46, 14.5])
        #expect(payload.points.last == [46, 14.5])
    }
}
