@testable import Application
import Domain
import Foundation
import MateRunnerTesting
import Testing

/// Who serves and who fetches a course is the run's to decide from its request (`RunCourse`): the
/// composition root hands every run the same `CourseRepository`; an inviting host serves its
/// `--course` through it, a joiner looks there for a kept copy and fetches the host's, and an open run
/// does neither.
@Suite("Run flow: the host serves its course, a joiner fetches it, decided by the request")
struct CourseServingFlowTests {
    let harness = FlowHarness()

    @Test("alice invites with her --course: she serves it (and fetches nothing); bob, joining without it, fetches it and serves nothing")
    func hostServesJoinerFetches() async throws {
        let alice = harness.side("alice", id: 0xA)
        let bob = harness.side("bob", id: 0xB)
        let course = try CourseInvitedRaceFlowTests.hostCourse()
        let aliceCourses = InMemoryCourseLibrary(served: [:])
        let bobCourses = InMemoryCourseLibrary(served: [CourseInvitedRaceFlowTests.digest: try CourseInvitedRaceFlowTests.north()])
        let outcomes = try await harness.driven {
            let bobRun = Task { try await harness.runFlow(bob, role: .joiner(acceptFrom: "alice"), speed: 4.5, courses: bobCourses).run() }
            let aliceRun = Task {
                try await harness.runFlow(
                    alice, role: .host(invitees: ["bob"], answerWithin: 10), speed: 5, course: course, courses: aliceCourses
                ).run()
            }
            return try await [aliceRun.value, bobRun.value]
        }
        #expect(outcomes.allSatisfy { $0.isSuccess })
        #expect(aliceCourses.serving == [course.0.course])
        #expect(aliceCourses.fetches.isEmpty && aliceCourses.lookups.isEmpty)
        #expect(bobCourses.serving.isEmpty)
        #expect(bobCourses.lookups == [CourseInvitedRaceFlowTests.digest])
        #expect(bobCourses.fetches.map(\.digest) == [CourseInvitedRaceFlowTests.digest] && bobCourses.fetches.map(\.host) == ["alice"])
    }

    @Test("bob joins with alice's very course as his --course: he races his own file, serving and fetching nothing")
    func joinerWithTheCourse() async throws {
        let alice = harness.side("alice", id: 0xA)
        let bob = harness.side("bob", id: 0xB)
        let course = try CourseInvitedRaceFlowTests.hostCourse()
        let bobCourses = InMemoryCourseLibrary(served: [:])
        let outcomes = try await harness.driven {
            let bobRun = Task {
                try await harness.runFlow(bob, role: .joiner(acceptFrom: "alice"), speed: 4.5, course: course, courses: bobCourses).run()
            }
            let aliceRun = Task {
                try await harness.runFlow(alice, role: .host(invitees: ["bob"], answerWithin: 10), speed: 5, course: course).run()
            }
            return try await [aliceRun.value, bobRun.value]
        }
        #expect(outcomes.allSatisfy { $0.isSuccess })
        #expect(bobCourses.serving.isEmpty && bobCourses.fetches.isEmpty && bobCourses.lookups.isEmpty)
        #expect(bob.screen.frames.first { $0.type == .course }?.course?.digest == CourseInvitedRaceFlowTests.digest)
    }

    @Test("an open run on a --course (no invitation): nothing served, nothing looked up or fetched")
    func openRunServesNothing() async throws {
        let alice = harness.side("alice", id: 0xA)
        let courses = InMemoryCourseLibrary(served: [:])
        let outcome = try await harness.driven {
            try await harness.runFlow(
                alice, role: .open(mates: 0), speed: 5, course: try CourseInvitedRaceFlowTests.hostCourse(), courses: courses
            ).run()
        }
        #expect(outcome.isSuccess)
        #expect(courses.serving.isEmpty && courses.fetches.isEmpty && courses.lookups.isEmpty)
    }
}
