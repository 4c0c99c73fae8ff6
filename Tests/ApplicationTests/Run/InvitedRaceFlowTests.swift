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

    @Test("speed-up is race time only: at speed-up 20 the lobby says real seconds, and race time starts after the countdown")
    func speedUpIsRaceTimeOnly() async throws {
        let harness = FlowHarness(scale: 20)
        let alice = harness.side("alice", id: 0xA)
        let bob = harness.side("bob", id: 0xB)
        let outcomes = try await harness.driven {
            let bobRun = Task { try await harness.runFlow(bob, role: .joiner(acceptFrom: nil), speed: 4.5, wait: 60).run() }
            let aliceRun = Task { try await harness.runFlow(alice, role: .host(invitees: ["bob"], answerWithin: 10), speed: 5).run() }
            let invitation = try await bob.screen.waitForFrame { $0.type == .invitation }
            bob.screen.send(FrontEndInputEvent(type: .accept, invitation: invitation.invitation?.id))
            return try await [aliceRun.value, bobRun.value]
        }
        #expect(outcomes.allSatisfy { $0.isSuccess })
        // Every number of seconds a person reads is real: 10 and 60 as given, never 200 or 1200.
        #expect(alice.screen.showedNotice(containing: "invited bob to a 0.20 km race, waiting 10 s for answers"))
        #expect(bob.screen.showedNotice(containing: "bob is waiting for an invitation: 60 s left"))
        let secondsLeft = bob.screen.frames.compactMap { $0.invitation?.secondsLeft }
        #expect(secondsLeft.first == 10 && secondsLeft.allSatisfy { $0 <= 10 }, "\(secondsLeft)")
        // Race time starts once per run, after the whole countdown and before the first board.
        let starts = harness.raceTimeStarts.value
        #expect(starts.map(\.name).sorted() == ["alice", "bob"])
        for start in starts {
            #expect(start.frames.compactMap(\.countdown?.secondsLeft) == [3, 2, 1, 0], "\(start.name)")
            #expect(!start.frames.contains { $0.type == .status }, "\(start.name)")
        }
        // The start instant is the same on both screens.
        let startsAt = [alice, bob].map { $0.screen.frames.compactMap(\.countdown?.startsAt).first }
        #expect(startsAt[0] != nil && startsAt[0] == startsAt[1])
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
        // Her screens end saying it (a JSON stream ends with the error, not with a lobby notice).
        let last = alice.screen.frames.last
        #expect(last?.type == .notice && last?.level == "error" && last?.message == "\(error)", "\(String(describing: last))")
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
