import Domain
import Foundation
import MateRunnerTesting
import Testing

@Suite("Course matcher")
struct CourseMatcherTests {
    private let t0 = RaceSamples.start

    @Test("running a straight course beside it, 8 m off, counts the course, not the path")
    func lateralErrorDoesNotCount() throws {
        let course = try LappedCourse(course: CourseShapes.course([(1_000, 0)]))
        var matcher = CourseMatcher(course: course)
        for second in 0...300 {
            let along = course.coordinate(at: Double(second) * 3.4)
            let beside = Geodesy.destination(from: along, metres: 8, bearing: second % 2 == 0 ? 90 : 270)
            matcher.match(beside, at: t0.addingTimeInterval(Double(second)))
        }
        #expect(abs(matcher.progress - 1_000) < 0.5)
        #expect(!matcher.isOffCourse)
    }

    @Test("an out-and-back: on the way out the return leg 4 m across the road is never taken")
    func outAndBack() throws {
        // Out 500 m north, 4 m east, back 500 m south: the two legs are 4 m apart.
        let course = try LappedCourse(course: CourseShapes.course([(500, 0), (4, 90), (500, 180)]))
        var matcher = CourseMatcher(course: course)
        for second in 0...100 {
            // On the way out, each fix leans 3 m toward the return leg.
            let along = Geodesy.destination(from: course.coordinate(at: Double(second) * 3), metres: 3, bearing: 90)
            let match = matcher.match(along, at: t0.addingTimeInterval(Double(second)))
            #expect(match.progress <= Double(second) * 3 + 31, "second \(second): \(match.progress)")
        }
        #expect(abs(matcher.progress - 300) < 2)
        for (coordinate, time) in CourseShapes.run(course, step: 3).dropFirst(100) {
            matcher.match(coordinate, at: time.addingTimeInterval(1))
        }
        #expect(matcher.isComplete)
    }

    @Test("a figure eight: passing the crossing does not jump to its other pass")
    func crossing() throws {
        // North 200 m, east 100, south 100, then west 200: the last leg crosses the first at 100 m and 500 m.
        let course = try LappedCourse(course: CourseShapes.course([(200, 0), (100, 90), (100, 180), (200, 270)]))
        var matcher = CourseMatcher(course: course)
        var previous = 0.0
        for (coordinate, time) in CourseShapes.run(course, step: 3) {
            let match = matcher.match(coordinate, at: time)
            // Steps of 3 m (a corner costs up to the tie tolerance, caught up next), and the finish circle at the end.
            let finished = match.progress == course.totalLength
            #expect(finished || match.progress - previous <= 3 + CourseMatcherSettings.standard.tieTolerance + 0.01, "a jump from \(previous) to \(match.progress)")
            previous = match.progress
            if abs(time.timeIntervalSince(t0) - 100.0 / 3) < 0.5 { #expect(match.progress < 110, "first pass at the crossing") }
        }
        #expect(matcher.isComplete)
    }

    @Test("three laps of a loop: the start line is not the finish until the third time")
    func laps() throws {
        let loop = try CourseShapes.course([(100, 0), (100, 90), (100, 180), (100, 270)])
        let course = try LappedCourse(course: loop, laps: 3)
        var matcher = CourseMatcher(course: course)
        var laps: [Int] = []
        for (coordinate, time) in CourseShapes.run(course, step: 3) {
            matcher.match(coordinate, at: time)
            laps.append(course.lap(at: matcher.progress))
        }
        #expect(abs(matcher.progress - 1_200) < 0.5)
        #expect(Set(laps) == [1, 2, 3])
        #expect(laps == laps.sorted())
    }

    @Test("progress never grows faster than a runner can run: a fix far ahead on the course waits")
    func speedBound() throws {
        let course = try LappedCourse(course: CourseShapes.course([(2_000, 0)]))
        var matcher = CourseMatcher(course: course)
        matcher.match(course.coordinate(at: 0), at: t0)
        // One second later the receiver says 1 km: at most burst + 12 m/s × 1 s.
        let match = matcher.match(course.coordinate(at: 1_000), at: t0.addingTimeInterval(1))
        #expect(match.progress <= 30 + 12 + 1e-9)
    }

    @Test("off course only after 30 s beyond 50 m; progress is held, and resumes when the runner is back")
    func offCourse() throws {
        let course = try LappedCourse(course: CourseShapes.course([(1_000, 0)]))
        var matcher = CourseMatcher(course: course)
        for second in 0...50 { matcher.match(course.coordinate(at: Double(second) * 3), at: t0.addingTimeInterval(Double(second))) }
        #expect(abs(matcher.progress - 150) < 0.01)
        // A detour 80 m east of the course, running north for 40 s.
        var states: [Bool] = []
        for second in 51...90 {
            let off = Geodesy.destination(from: course.coordinate(at: Double(second) * 3), metres: 80, bearing: 90)
            let match = matcher.match(off, at: t0.addingTimeInterval(Double(second)))
            #expect(match.progress == matcher.progress)
            #expect(abs(match.progress - 150) < 0.01, "held while away")
            states.append(match.isOffCourse)
        }
        #expect(states.prefix(29).allSatisfy { !$0 }, "not off course before 30 s")
        #expect(states.suffix(10).allSatisfy { $0 }, "off course after 30 s")
        // Back on the course where the runner now is: it rejoins there.
        let back = matcher.match(course.coordinate(at: 91 * 3), at: t0.addingTimeInterval(91))
        #expect(!back.isOffCourse)
        #expect(abs(back.progress - 273) < 0.01)
    }

    @Test("invalid positions and times change nothing")
    func invalidInput() throws {
        let course = try LappedCourse(course: CourseShapes.course([(500, 0)]))
        var matcher = CourseMatcher(course: course)
        matcher.match(course.coordinate(at: 20), at: t0)
        let before = matcher.progress
        matcher.match(Coordinate(latitude: .nan, longitude: 0), at: t0.addingTimeInterval(5))
        matcher.match(course.coordinate(at: 40), at: Date(timeIntervalSinceReferenceDate: .infinity))
        #expect(matcher.progress == before)
    }
}
