import Domain
import Foundation
import MateRunnerTesting
import Testing

/// A recorded run turned into a ghost: matched to the course when the race has one.
@Suite("Ghost replay of a recorded run")
struct GhostReplayTests {
    private func course() throws -> LappedCourse {
        try LappedCourse(course: CourseShapes.course([(1_200, 0)], name: "L"))
    }

    /// One fix a second along `course` at 3 m/s, `zigzag` metres right and left of it.
    private func fixes(on course: LappedCourse, zigzag: Double, from start: Date = RaceSamples.start) -> [Fix] {
        (0...420).map { second in
            let on = course.coordinate(at: min(course.totalLength, Double(second) * 3))
            let side = Geodesy.destination(from: on, metres: zigzag, bearing: second % 2 == 0 ? 90 : 270)
            return Fix(coordinate: side, timestamp: start.addingTimeInterval(Double(second)))
        }
    }

    @Test("on a course a zigzagging receiver's run is its progress along the course, not its longer GPS distance")
    func matchedToTheCourse() throws {
        let course = try course()
        let recorded = fixes(on: course, zigzag: 1.5, from: Date(timeIntervalSince1970: 1_600_000_000))
        let onCourse = try GhostReplay.track(of: recorded, name: "alice", course: course)
        let byGPS = try GhostReplay.track(of: recorded, name: "alice", course: nil)
        #expect(abs(onCourse.finalDistance - 1_200) < 1)
        #expect(byGPS.finalDistance > 1_230, "the raw distance \(byGPS.finalDistance) m reads long")
        // Offsets from the run's first fix: 3 m/s along the course from 0.
        #expect(abs(onCourse.distance(at: 100) - 300) < 3)
        let finish = try #require(onCourse.finishTime(goal: 1_000))
        #expect(abs(finish - 333.3) < 2)
    }

    @Test("a run recorded without a course replays its recorded progress samples")
    func fromSamples() throws {
        let samples = (1...60).map { ProgressSample(runnerName: "alice", elapsed: Double($0), distance: Double($0) * 2.5) }
        let track = try GhostReplay.track(ofSamples: samples, name: "alice")
        #expect(track.distance(at: 30) == 75)
        #expect(track.finalDistance == 150)
    }
}
