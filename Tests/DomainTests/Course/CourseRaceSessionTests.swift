import Domain
import Foundation
import MateRunnerTesting
import Testing

/// Course races through `RaceSession`: progress is the distance along the course, so a receiver that
/// over-reads no longer wins, and a mate on another course is refused.
@Suite("Course race sessions")
struct CourseRaceSessionTests {
    private let alice = Runner(id: RunnerID(rawValue: 0xA1), name: "alice")
    private let bob = Runner(id: RunnerID(rawValue: 0xB2), name: "bob")

    private func course() throws -> LappedCourse {
        try LappedCourse(course: CourseShapes.course([(1_200, 0)], name: "L"))
    }

    private func terms(_ course: LappedCourse?, digest: String = "00112233aabbccdd") -> RaceTerms {
        RaceTerms(mode: .race, goal: RaceGoal(centimetres: 100_000), course: course.map {
            CourseTerms(digest: digest, name: $0.course.name, lengthCentimetres: UInt32($0.course.length * 100), laps: 1)
        })
    }

    /// One fix a second along `course` at `speed` m/s; each fix `zigzag` metres to the right, then the left,
    /// which makes the receiver's point-to-point distance over-read.
    private func run(_ course: LappedCourse, speed: Double, zigzag: Double) -> (Date) -> [Fix] {
        { start in
            (0..<500).map { second in
                let on = course.coordinate(at: Double(second) * speed)
                let side = zigzag == 0 ? on : Geodesy.destination(from: on, metres: zigzag, bearing: second % 2 == 0 ? 90 : 270)
                return Fix(coordinate: side, timestamp: start.addingTimeInterval(Double(second)))
            }
        }
    }

    /// Races alice (3.1 m/s, a clean receiver) against bob (3.0 m/s, a receiver whose zigzag adds about
    /// 7 %) to 1 km; returns the winner's name and bob's GPS distance at the end. Either wins by about 10 s,
    /// so a second's difference in when the two sessions start (the harness on a loaded machine) changes
    /// no winner.
    private func race(onCourse: Bool) async throws -> (winner: String?, bobGPS: Double, bobCourse: Double?) {
        let course = try course()
        var harness = RaceHarness()
        let terms = terms(onCourse ? course : nil)
        harness.add(alice, script: run(course, speed: 3.1, zigzag: 0), terms: terms, expectedMates: 1) {
            $0.course = onCourse ? course : nil
        }
        harness.add(bob, script: run(course, speed: 3.0, zigzag: 0.57), terms: terms, expectedMates: 1) {
            $0.course = onCourse ? course : nil
        }
        harness.start()
        defer { harness.cancelAll() }
        try await harness.runToEnd(maxSeconds: 600)
        let result = try #require(harness.recorders[0].last)
        let bobLast = try #require(harness.recorders[1].last)
        return (result.standings.winner?.runner.name, bobLast.effort.gpsDistance, bobLast.course?.progress)
    }

    @Test("bob's receiver over-reads by about 7 %: on GPS distance he wins, along the course alice does")
    func overReadingReceiverDoesNotWin() async throws {
        let raw = try await race(onCourse: false)
        #expect(raw.winner == "bob")
        let course = try await race(onCourse: true)
        #expect(course.winner == "alice")
        let bobCourse = try #require(course.bobCourse)
        #expect(course.bobGPS > bobCourse * 1.05, "bob's GPS distance \(course.bobGPS) m is reported beside his course progress \(bobCourse) m")
    }

    @Test("a mate on another course is refused with both courses named")
    func otherCourseIsRefused() async throws {
        let course = try course()
        var harness = RaceHarness()
        harness.add(alice, script: run(course, speed: 3, zigzag: 0), terms: terms(course), expectedMates: 1) { $0.course = course }
        harness.add(bob, script: run(course, speed: 3, zigzag: 0), terms: terms(course, digest: "ffeeddccbbaa9988"), expectedMates: 1) {
            $0.course = course
        }
        harness.start()
        defer { harness.cancelAll() }
        try await harness.runToEnd(maxSeconds: 120)
        // The first to hear the other refuses (and stops, so the other may only time out).
        let refusals = harness.recorders.compactMap { $0.failure as? RaceSessionError }.filter {
            if case .otherCourse = $0 { true } else { false }
        }
        let error = try #require(refusals.first)
        let (mate, mine) = error.description.hasPrefix("bob") ? ("ffeeddccbbaa9988", "00112233aabbccdd") : ("00112233aabbccdd", "ffeeddccbbaa9988")
        #expect(error.description.contains("runs the course L (course \(mate))"))
        #expect(error.description.contains("this runner the course L (course \(mine))"))
        #expect(error.description.contains("the same --course"))
    }
}
