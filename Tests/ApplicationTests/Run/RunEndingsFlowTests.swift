@testable import Application
import Domain
import Foundation
import FrontEndKit
import MateRunnerTesting
import Testing

/// The other ways a run ends, through the flows, in memory: a confirmed cancel, a spectator following
/// a race to its result, and a runner restarted mid-race catching up.
@Suite("Run flow: cancel, spectator, restart")
struct RunEndingsFlowTests {
    let harness = FlowHarness()

    @Test("bob confirms a cancel on his screen: his run ends as cancelled, alice's result shows him cancelled")
    func cancel() async throws {
        let alice = harness.side("alice", id: 0xA)
        let bob = harness.side("bob", id: 0xB)
        let (aliceOutcome, bobOutcome) = try await harness.driven {
            let aliceRun = Task { try await harness.runFlow(alice, role: .open(mates: 1), speed: 5).run() }
            let bobRun = Task { try await harness.runFlow(bob, role: .open(mates: 1), speed: 4).run() }
            _ = try await bob.screen.waitForFrame { $0.type == .status && $0.stage == "running" }
            bob.screen.send(FrontEndInputEvent(type: .cancel))
            return try await (aliceRun.value, bobRun.value)
        }
        #expect(aliceOutcome.isSuccess && bobOutcome.isSuccess)
        #expect(try bob.records.allRecords().map(\.status) == [.cancelled])
        #expect(try alice.records.allRecords().map(\.status) == [.finished])
        let result = try #require(alice.screen.frames.last)
        #expect(result.type == .result && result.winner?.name == "alice")
        #expect(alice.screen.showedNotice(containing: "bob cancelled"))
    }

    @Test("bob stops (a front-end's stop, no cancel): his run is recorded as stopped, not cancelled, and exits 0")
    func stop() async throws {
        let alice = harness.side("alice", id: 0xA)
        let bob = harness.side("bob", id: 0xB)
        let bobOutcome = try await harness.driven {
            let aliceRun = Task { try await harness.runFlow(alice, role: .open(mates: 1), speed: 5).run() }
            let bobRun = Task { try await harness.runFlow(bob, role: .open(mates: 1), speed: 4).run() }
            _ = try await bob.screen.waitForFrame { $0.type == .status && $0.stage == "running" }
            bob.screen.send(FrontEndInputEvent(type: .stop))
            let outcome = try await bobRun.value
            // Alice runs on until bob is lost and she finishes; her run is not what this test is about.
            aliceRun.cancel()
            _ = try? await aliceRun.value
            return outcome
        }
        #expect(bobOutcome.isSuccess && bobOutcome.stoppedBy == nil && bobOutcome.exitStatus == 0)
        #expect(try bob.records.allRecords().map(\.status) == [.stopped])
    }

    @Test("the exit status: 0 for a result or a stop from a front-end, the interrupt's for a run it stopped, 1 for a failure")
    func exitStatus() {
        #expect(RunOutcome(succeeded: true, recorded: true).exitStatus == 0)
        #expect(RunOutcome(succeeded: true, recorded: true, stoppedBy: 130).exitStatus == 130)
        #expect(RunOutcome(succeeded: true, recorded: true, stoppedBy: 143).exitStatus == 143)
        #expect(RunOutcome(succeeded: false, recorded: true, stoppedBy: 130).exitStatus == 1)
        #expect(RunOutcome(succeeded: true, recorded: false).exitStatus == 1)
    }

    @Test("a spectator follows alice and bob to the same result as theirs, sending no progress")
    func spectator() async throws {
        let alice = harness.side("alice", id: 0xA)
        let bob = harness.side("bob", id: 0xB)
        let watcher = harness.side("spectator", id: 0x5)
        let (watched, aliceOutcome) = try await harness.driven {
            let spectator = SpectatorFlow(
                me: watcher.runner, peers: [PeerAddress(host: "127.0.0.1", port: 47474)], wait: 60,
                transport: watcher.transport, discovery: { InMemoryMateDiscovery() }, environment: harness.environment(watcher)
            )
            let watching = Task { try await spectator.run() }
            let aliceRun = Task { try await harness.runFlow(alice, role: .open(mates: 1), speed: 5).run() }
            let bobRun = Task { try await harness.runFlow(bob, role: .open(mates: 1), speed: 4).run() }
            _ = try await bobRun.value
            return try await (watching.value, aliceRun.value)
        }
        #expect(watched && aliceOutcome.isSuccess)
        let seen = try #require(watcher.screen.frames.last)
        let ran = try #require(alice.screen.frames.last)
        #expect(seen.type == .result && ran.type == .result)
        let seenNames: [String] = (seen.runners ?? []).map { $0.name }
        let ranNames: [String] = (ran.runners ?? []).map { $0.name }
        let seenDistances: [Double] = (seen.runners ?? []).map { $0.distanceMetres }
        let ranDistances: [Double] = (ran.runners ?? []).map { $0.distanceMetres }
        #expect(seenNames == ranNames && seenNames == ["alice", "bob"])
        #expect(seenDistances == ranDistances)
        #expect(watcher.transport.isClosed)
    }

    @Test("bob's process dies mid-race and restarts with the same id: he catches up and both agree on the result")
    func restart() async throws {
        let alice = harness.side("alice", id: 0xA)
        let bob = harness.side("bob", id: 0xB)
        let (outcome, reborn) = try await harness.driven {
            let aliceRun = Task { try await harness.runFlow(alice, role: .open(mates: 1), speed: 4, wait: 60).run() }
            let bobRun = Task { try await harness.runFlow(bob, role: .open(mates: 1), speed: 5).run() }
            _ = try await bob.screen.waitForFrame { frame in frame.type == .status && Self.distance(of: "bob", in: frame) > 60 }
            bobRun.cancel()
            _ = try? await bobRun.value
            // The new process: same id, a new socket (its own last state handed back, as kept before the restart).
            let reborn = FlowHarness.Side(
                runner: bob.runner,
                transport: InMemoryRaceTransport(id: bob.runner.id, races: harness.races, messages: harness.messages, restarted: true),
                screen: RecordingScreen(), records: bob.records, recorder: RunRecorder(repository: bob.records, runID: "run-bob-2")
            )
            let rebornRun = Task { try await harness.runFlow(reborn, role: .open(mates: 1), speed: 5).run() }
            let aliceOutcome = try await aliceRun.value
            _ = try await rebornRun.value
            return (aliceOutcome, reborn)
        }
        #expect(outcome.isSuccess)
        let aliceResult = try #require(alice.screen.frames.last)
        let bobResult = try #require(reborn.screen.frames.last)
        #expect(aliceResult.type == .result && bobResult.type == .result)
        #expect(aliceResult.winner?.name == "bob" && bobResult.winner?.name == "bob")
        // The restarted run resumed from where bob was, not from 0: its first board already has him past 60 m.
        let firstBoard = try #require(reborn.screen.frames.first { $0.type == .status && $0.stage == "running" })
        #expect(Self.distance(of: "bob", in: firstBoard) > 60)
    }

    /// `name`'s distance on a board frame (0 when absent).
    static func distance(of name: String, in frame: FrontEndFrame) -> Double {
        frame.runners?.first { $0.name == name }?.distanceMetres ?? 0
    }
}
