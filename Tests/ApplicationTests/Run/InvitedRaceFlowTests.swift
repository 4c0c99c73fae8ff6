@testable import Application
import Domain
import Foundation
import FrontEndKit
import MateRunnerTesting
import Testing

/// Whole runs through `RunFlow`, in memory on a manual clock: invitations, the countdown, the race,
/// the result on every screen and the records, with no socket and no sleep.
@Suite("Run flow: an invited race")
struct InvitedRaceFlowTests {
    let harness = FlowHarness()

    @Test("alice invites bob and carol: bob accepts from his screen, carol by --accept-from; all three see the same result and record it")
    func threeRunners() async throws {
        let alice = harness.side("alice", id: 0xA)
        let bob = harness.side("bob", id: 0xB)
        let carol = harness.side("carol", id: 0xC)
        let outcomes = try await harness.driven {
            let bobRun = Task { try await harness.runFlow(bob, role: .joiner(acceptFrom: nil), speed: 4.5).run() }
            let carolRun = Task { try await harness.runFlow(carol, role: .joiner(acceptFrom: "alice"), speed: 4).run() }
            let aliceRun = Task {
                try await harness.runFlow(alice, role: .host(invitees: ["bob", "carol"], answerWithin: 10), speed: 5).run()
            }
            let invitation = try await bob.screen.waitForFrame { $0.type == .invitation }
            bob.screen.send(FrontEndInputEvent(type: .accept, invitation: invitation.invitation?.id))
            return try await [aliceRun.value, bobRun.value, carolRun.value]
        }
        #expect(outcomes.allSatisfy { $0.isSuccess })
        for side in [alice, bob, carol] {
            let result = try #require(side.screen.frames.last)
            let names: [String] = (result.runners ?? []).map { $0.name }
            #expect(result.type == .result, "\(side.runner.name)'s last frame")
            #expect(names == ["alice", "bob", "carol"], "\(side.runner.name)'s ranking")
            #expect(result.winner?.name == "alice")
        }
        for side in [alice, bob, carol] {
            let countdown: [Int] = side.screen.frames.compactMap { $0.countdown?.secondsLeft }
            #expect(countdown == [3, 2, 1, 0], "\(side.runner.name)'s countdown")
            #expect(try side.records.allRecords().map(\.status) == [.finished], "\(side.runner.name)'s record")
            #expect(side.transport.isClosed)
        }
        #expect(carol.screen.frames.contains { $0.type == .invitation })
    }

    @Test("bob declines: alice's run ends with an error saying so, and nothing is recorded")
    func decline() async throws {
        let alice = harness.side("alice", id: 0xA)
        let bob = harness.side("bob", id: 0xB)
        let error: FlowError? = try await harness.driven {
            let bobRun = Task { try? await harness.runFlow(bob, role: .joiner(acceptFrom: nil), speed: 4, wait: 20).run() }
            defer { bobRun.cancel() }
            let aliceRun = Task { try await harness.runFlow(alice, role: .host(invitees: ["bob"], answerWithin: 10), speed: 5).run() }
            let invitation = try await bob.screen.waitForFrame { $0.type == .invitation }
            bob.screen.send(FrontEndInputEvent(type: .decline, invitation: invitation.invitation?.id))
            return await Self.failure(of: aliceRun)
        }
        guard let error, error.fault == .noResult else { Issue.record("no 'noResult' error: \(String(describing: error))"); return }
        #expect(error.message.contains("bob"))
        #expect(try alice.records.allRecords().isEmpty)
        #expect(alice.transport.isClosed)
        #expect(bob.screen.showedNotice(containing: "declined"))
    }

    @Test("nobody answers: the invitation times out and alice's run says so")
    func timeout() async throws {
        let alice = harness.side("alice", id: 0xA)
        let bob = harness.side("bob", id: 0xB)
        let error: FlowError? = await harness.driven {
            // bob is heard (his lobby announces him) but never answers.
            let bobRun = Task { try? await harness.runFlow(bob, role: .joiner(acceptFrom: nil), speed: 4, wait: 30).run() }
            defer { bobRun.cancel() }
            let aliceRun = Task { try await harness.runFlow(alice, role: .host(invitees: ["bob"], answerWithin: 5), speed: 5).run() }
            return await Self.failure(of: aliceRun)
        }
        #expect(error?.fault == .noResult, "no 'noResult' error: \(String(describing: error))")
        #expect(alice.screen.showedNotice(containing: "invited bob"))
    }

    /// The flow error `run` ended with; nil when it ended without one.
    static func failure(of run: Task<RunOutcome, any Error>) async -> FlowError? {
        do {
            _ = try await run.value
            return nil
        } catch {
            return error as? FlowError
        }
    }
}
