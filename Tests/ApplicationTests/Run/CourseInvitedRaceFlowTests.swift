@testable import Application
import Domain
import Foundation
import FrontEndKit
import MateRunnerTesting
import Testing

/// The course travelling with an invited race (docs/COURSES.md, "Agreement"), in memory on a manual
/// clock: the host alone has the course file; its joiners race on its course, fetched once and kept,
/// each screen drawing the same course and every runner's progress along it; a joiner whose own file
/// is another course is told so and races the host's; a fetch that fails ends that joiner's run saying
/// what to do; a restarted joiner finds the course kept on its device.
@Suite("Run flow: an invited race on the host's course")
struct CourseInvitedRaceFlowTests {
    let harness = FlowHarness()
    static let digest = "00c0ffee00c0ffee"

    /// 400 m due north of where the scripted runners start, a point every 50 m.
    static func north(name: String = "North") throws -> Course {
        let start = Coordinate(latitude: 46.0, longitude: 14.5)
        return try Course(name: name, points: stride(from: 0.0, through: 400, by: 50).map {
            Geodesy.destination(from: start, metres: $0, bearing: 0)
        })
    }

    static func hostCourse() throws -> (LappedCourse, CourseTerms) {
        let course = try LappedCourse(course: try north())
        return (course, CourseTerms(digest: digest, name: "north.gpx", lengthCentimetres: UInt32((course.course.length * 100).rounded())))
    }

    @Test("alice alone has the course: bob and carol fetch it from her during the countdown, and all three show the same course, ranking and progress")
    func joinersFetch() async throws {
        let alice = harness.side("alice", id: 0xA)
        let bob = harness.side("bob", id: 0xB)
        let carol = harness.side("carol", id: 0xC)
        let served = [Self.digest: try Self.north()]
        let (bobCourses, carolCourses) = (InMemoryCourseLibrary(served: served), InMemoryCourseLibrary(served: served))
        let course = try Self.hostCourse()
        let outcomes = try await harness.driven {
            let bobRun = Task { try await harness.runFlow(bob, role: .joiner(acceptFrom: "alice"), speed: 4.5, courses: bobCourses).run() }
            let carolRun = Task { try await harness.runFlow(carol, role: .joiner(acceptFrom: "alice"), speed: 4, courses: carolCourses).run() }
            let aliceRun = Task {
                try await harness.runFlow(alice, role: .host(invitees: ["bob", "carol"], answerWithin: 10), speed: 5, course: course).run()
            }
            return try await [aliceRun.value, bobRun.value, carolRun.value]
        }
        #expect(outcomes.allSatisfy { $0.isSuccess })
        // One fetch each, from alice, of her digest; then kept.
        for courses in [bobCourses, carolCourses] {
            #expect(courses.fetches.map(\.digest) == [Self.digest] && courses.fetches.map(\.host) == ["alice"])
            #expect(courses.keeps(Self.digest))
        }
        #expect(bob.screen.showedNotice(containing: "course north.gpx (North) fetched from alice"))
        // The invitation said which course before it was accepted; the host's notices name it too.
        #expect(bob.screen.showedNotice(containing: "alice's race is on the course north.gpx (North, 0.40 km, 9 points)"))
        #expect(alice.screen.showedNotice(containing: "invited bob, carol to a 0.20 km race on the course north.gpx"))
        // The fetch began as the lobby agreed on the start: during the countdown, not after it.
        let frames = bob.screen.frames
        let fetching = frames.firstIndex { ($0.message ?? "").hasPrefix("fetching the course north.gpx (9 points) from alice") }
        let zero = frames.firstIndex { $0.countdown?.secondsLeft == 0 }
        #expect(fetching != nil && zero != nil && fetching! < zero!, "fetching at \(String(describing: fetching)), 0 at \(String(describing: zero))")
        // The course agreement's notices are all drawn before the run's screen: fetched, then the course frame.
        let fetched = frames.firstIndex { ($0.message ?? "").hasPrefix("course north.gpx (North) fetched from alice") }
        let drawn = frames.firstIndex { $0.type == .course }
        #expect(fetched != nil && drawn != nil && fetched! < drawn!,
                "fetched at \(String(describing: fetched)), course at \(String(describing: drawn))")
        // The same course frame on every screen: alice's file's name, the course's own name, its points.
        let courseFrames = try [alice, bob, carol].map { side in try #require(side.screen.frames.first { $0.type == .course }?.course) }
        #expect(courseFrames.allSatisfy { $0 == courseFrames[0] })
        #expect(courseFrames[0].file == "north.gpx" && courseFrames[0].name == "North" && courseFrames[0].digest == Self.digest)
        // The same ranking and the same progress of every runner along the course, everywhere.
        let results = try [alice, bob, carol].map { side in try #require(side.screen.frames.last { $0.type == .result }) }
        let standings = results.map { ($0.runners ?? []).map { "\($0.name) \($0.distanceMetres) \($0.finishSeconds ?? -1)" } }
        #expect(standings.allSatisfy { $0 == standings[0] }, "\(standings)")
        #expect(results[0].runners?.map(\.name) == ["alice", "bob", "carol"])
        #expect(results[0].runners?.allSatisfy { $0.course != nil } == true)
    }

    @Test("bob's own --course is another course: he is told, naming both, and races alice's, fetched")
    func otherCourse() async throws {
        let alice = harness.side("alice", id: 0xA)
        let bob = harness.side("bob", id: 0xB)
        let bobCourses = InMemoryCourseLibrary(served: [Self.digest: try Self.north()])
        let his = try LappedCourse(course: try Self.north(name: "Elsewhere"))
        let hisTerms = CourseTerms(digest: "0badc0de0badc0de", name: "east.gpx", lengthCentimetres: 40_000)
        let outcomes = try await harness.driven {
            let bobRun = Task {
                try await harness.runFlow(bob, role: .joiner(acceptFrom: "alice"), speed: 4.5, course: (his, hisTerms), courses: bobCourses).run()
            }
            let aliceRun = Task {
                try await harness.runFlow(alice, role: .host(invitees: ["bob"], answerWithin: 10), speed: 5, course: try Self.hostCourse()).run()
            }
            return try await [aliceRun.value, bobRun.value]
        }
        #expect(outcomes.allSatisfy { $0.isSuccess })
        #expect(bob.screen.showedNotice(containing:
            "your --course east.gpx (course 0badc0de0badc0de) is not alice's course north.gpx (course \(Self.digest)): racing on alice's"
        ))
        #expect(bobCourses.fetches.count == 1)
        #expect(bob.screen.frames.first { $0.type == .course }?.course?.digest == Self.digest)
    }

    @Test("bob already keeps alice's course (an earlier fetch): no fetch; a fetch that fails ends carol's run saying what to do")
    func keptAndFailed() async throws {
        let alice = harness.side("alice", id: 0xA)
        let bob = harness.side("bob", id: 0xB)
        let carol = harness.side("carol", id: 0xC)
        let bobCourses = InMemoryCourseLibrary(served: [:], kept: [Self.digest: try Self.north()])
        let carolCourses = InMemoryCourseLibrary(served: [:])
        let (outcomes, carolError) = try await harness.driven {
            let bobRun = Task { try await harness.runFlow(bob, role: .joiner(acceptFrom: "alice"), speed: 4.5, courses: bobCourses).run() }
            let carolRun = Task { try await harness.runFlow(carol, role: .joiner(acceptFrom: "alice"), speed: 4, courses: carolCourses).run() }
            let aliceRun = Task {
                try await harness.runFlow(alice, role: .host(invitees: ["bob", "carol"], answerWithin: 10), speed: 5, course: try Self.hostCourse()).run()
            }
            let carolError: FlowError?
            do {
                _ = try await carolRun.value
                carolError = nil
            } catch let error as FlowError {
                carolError = error
            }
            return (try await [aliceRun.value, bobRun.value], carolError)
        }
        #expect(outcomes.allSatisfy { $0.isSuccess })
        #expect(bobCourses.fetches.isEmpty)
        #expect(bob.screen.showedNotice(containing: "course north.gpx (North) kept on this device"))
        #expect(carolError?.message.hasPrefix("could not fetch the course from alice:") == true, "\(String(describing: carolError))")
        #expect(carolError?.message.contains("pass --course FILE") == true)
        #expect(!carol.screen.frames.contains { $0.type == .course || $0.type == .status })
        // Her screen said the fetch first, and ends with why it failed.
        let carolNotices = carol.screen.frames.filter { $0.type == .notice }
        let fetching = "fetching the course north.gpx (9 points) from alice"
        #expect(carolNotices.contains { ($0.message ?? "").hasPrefix(fetching) })
        #expect(carolNotices.last?.level == "error" && carolNotices.last?.message == carolError?.message)
    }
}
