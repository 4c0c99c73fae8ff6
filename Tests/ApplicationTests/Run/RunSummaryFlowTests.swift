@testable import Application
import Domain
import Foundation
import MateRunnerTesting
import Testing

/// The end of a run logs what its transport did (`RacePeersRepository.summary`: on UDP the datagrams,
/// drops, update sizes and the race clock), once the run is torn down: its lines at info level, its
/// authentication warnings at warning level, last in the log. A run that cannot start logs none.
@Suite("Run flow: the transport's summary at the end of a run")
struct RunSummaryFlowTests {
    let harness = FlowHarness()

    @Test("alice and bob race: each log ends with its own transport's summary, taken after the transport closed")
    func summaryLogged() async throws {
        let alice = harness.side("alice", id: 0xA)
        let bob = harness.side("bob", id: 0xB)
        let outcomes = try await harness.driven {
            let aliceRun = Task { try await harness.runFlow(alice, role: .open(mates: 1), speed: 5).run() }
            let bobRun = Task { try await harness.runFlow(bob, role: .open(mates: 1), speed: 4).run() }
            return try await [aliceRun.value, bobRun.value]
        }
        #expect(outcomes.allSatisfy { $0.isSuccess })
        for side in [alice, bob] {
            let log = side.log.lines
            let summaries = log.filter { $0.contains(InMemoryRaceTransport.summaryPrefix) }
            #expect(summaries.count == 1, "\(log)")
            // Last, at info level, as the transport said it, and said once the run closed the transport.
            let (info, warnings) = side.transport.summary(me: side.runner.id)
            #expect(warnings.isEmpty && info.count == 1)
            #expect(log.last == "info \(info[0])", "\(log)")
            #expect(info[0].hasSuffix("sent to 1 peers, closed"), "\(info[0])")
            #expect(!info[0].hasPrefix("\(InMemoryRaceTransport.summaryPrefix) 0 progress updates"), "\(info[0])")
        }
    }

    @Test("a transport with authentication warnings: its info lines, then its warnings at warning level, end the log")
    func warningsLogged() async throws {
        let warnings = [
            "3 datagrams from 127.0.0.1:47475 failed authentication: a different race key? Every runner needs the same --race-key-file",
            "1 datagram without a tag from 127.0.0.1:47476",
        ]
        let runner = Runner(id: RunnerID(rawValue: 0xA), name: "alice")
        let records = InMemoryRunRecordRepository()
        let alice = FlowHarness.Side(
            runner: runner,
            transport: InMemoryRaceTransport(id: runner.id, races: harness.races, messages: harness.messages, authenticationWarnings: warnings),
            screen: RecordingScreen(), records: records, recorder: RunRecorder(repository: records, runID: "run-alice")
        )
        let outcome = try await harness.driven { try await harness.runFlow(alice, role: .open(mates: 0), speed: 5).run() }
        #expect(outcome.isSuccess)
        let log = alice.log.lines
        let info = alice.transport.summary(me: alice.runner.id).info
        #expect(Array(log.suffix(3)) == ["info \(info[0])"] + warnings.map { "warning \($0)" }, "\(log)")
    }

    @Test("a run that fails before it can start (a joiner who cannot get the host's course) logs no summary; its mates' do")
    func noSummaryWhenItThrows() async throws {
        let alice = harness.side("alice", id: 0xA)
        let bob = harness.side("bob", id: 0xB)
        let carol = harness.side("carol", id: 0xC)
        let bobCourses = InMemoryCourseLibrary(served: [:], kept: [CourseInvitedRaceFlowTests.digest: try CourseInvitedRaceFlowTests.north()])
        let carolCourses = InMemoryCourseLibrary(served: [:])
        let course = try CourseInvitedRaceFlowTests.hostCourse()
        let (outcomes, carolFailed) = try await harness.driven {
            let bobRun = Task { try await harness.runFlow(bob, role: .joiner(acceptFrom: "alice"), speed: 4.5, courses: bobCourses).run() }
            let carolRun = Task { try await harness.runFlow(carol, role: .joiner(acceptFrom: "alice"), speed: 4, courses: carolCourses).run() }
            let aliceRun = Task {
                try await harness.runFlow(alice, role: .host(invitees: ["bob", "carol"], answerWithin: 10), speed: 5, course: course).run()
            }
            let carolFailed: Bool
            do {
                _ = try await carolRun.value
                carolFailed = false
            } catch {
                carolFailed = true
            }
            return (try await [aliceRun.value, bobRun.value], carolFailed)
        }
        #expect(carolFailed)
        #expect(!carol.log.lines.contains { $0.contains(InMemoryRaceTransport.summaryPrefix) }, "\(carol.log.lines)")
        #expect(outcomes.allSatisfy { $0.isSuccess })
        for side in [alice, bob] {
            #expect(side.log.lines.last?.hasPrefix("info \(InMemoryRaceTransport.summaryPrefix)") == true, "\(side.log.lines)")
        }
    }
}
