import Domain
import Foundation
import MateRunnerTesting
import Testing

@Suite("Course and laps")
struct CourseTests {
    @Test("length is the haversine sum; duplicate points are merged; positions are interpolated")
    func geometry() throws {
        let points = CourseShapes.polyline([(300, 90), (0, 0), (400, 0)])
        let course = try Course(name: "L", points: points)
        #expect(course.points.count == 3)
        #expect(abs(course.length - 700) < 0.01)
        #expect(Geodesy.distance(from: course.coordinate(at: 150), to: Geodesy.destination(from: points[0], metres: 150, bearing: 90)) < 0.05)
        #expect(course.coordinate(at: -5) == points[0])
        #expect(course.coordinate(at: 10_000) == points[3])
    }

    @Test("bad courses are refused with what to do")
    func refusals() {
        #expect(throws: CourseError.tooFewPoints(1)) { try Course(name: "x", points: [RaceSamples.origin, RaceSamples.origin]) }
        #expect(throws: CourseError.invalidCoordinate(index: 1)) {
            try Course(name: "x", points: [RaceSamples.origin, Coordinate(latitude: 91, longitude: 0)])
        }
        #expect { try CourseShapes.course([(10, 0)]) } throws: { error in
            guard case .tooShort(let metres) = error as? CourseError else { return false }
            return abs(metres - 10) < 0.01
        }
        #expect("\(CourseError.notALoop(gap: 700))".contains("--laps needs a loop"))
    }

    @Test("laps need a loop; a lap of a loop that does not quite close adds the closing segment")
    func laps() throws {
        let line = try CourseShapes.course([(500, 0)])
        #expect(throws: CourseError.notALoop(gap: line.length)) { try LappedCourse(course: line, laps: 2) }
        #expect(throws: CourseError.badLaps(0)) { try LappedCourse(course: line, laps: 0) }
        let square = try CourseShapes.course([(100, 0), (100, 90), (100, 180), (95, 270)])
        let three = try LappedCourse(course: square, laps: 3)
        #expect(abs(three.lapLength - 400) < 0.05)
        #expect(abs(three.totalLength - (2 * three.lapLength + square.length)) < 1e-9)
        #expect(three.lap(at: 0) == 1 && three.lap(at: 401) == 2 && three.lap(at: 10_000) == 3)
        #expect(Geodesy.distance(from: three.coordinate(at: three.lapLength + 50), to: square.coordinate(at: 50)) < 0.01)
    }

    @Test("simplified keeps the ends and at most the points asked for, and stays near the course")
    func simplified() throws {
        let zigzag = try CourseShapes.course((0..<1_000).map { (5.0, $0 % 2 == 0 ? 10.0 : 80.0) })
        let drawn = zigzag.simplified(maximumPoints: 300)
        #expect(drawn.count <= 300 && drawn.count >= 2)
        #expect(drawn.first == zigzag.points.first && drawn.last == zigzag.points.last)
        let short = try CourseShapes.course([(100, 0), (100, 90)])
        #expect(short.simplified(maximumPoints: 300) == short.points)
    }
}
