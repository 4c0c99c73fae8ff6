import Domain
import Foundation
import MateRunnerTesting
import Testing

/// `SpectatorSession` beside two runners on the in-memory network: it ends with their result, is never
/// in it, says only its presence, and changes nothing for the runners.
@Suite("Spectator session")
struct SpectatorSessionTests {
    let ana = Runner(id: RunnerID(rawValue: 0xA1), name: "ana")
    let bor = Runner(id: RunnerID(rawValue: 0xB2), name: "bor")
    let screen = Runner(id: RunnerID(rawValue: 0x5C), name: "screen")

    @Test("follows the race to the same result, without being in it, sending nothing but presence")
    func followsTheRace() async throws {
        var harness = RaceHarness()
        let messages = InMemoryMessageNetwork()
        let spectator = SpectatorSession(
            configuration: SpectatorConfiguration(me: screen, heartbeat: 1, lostAfter: 10, waitTimeout: 60),
            sync: harness.network.endpoint(for: screen.id), messaging: messages.endpoint(for: screen.id), clock: harness.clock
        )
        harness.add(ana, speed: 5, fixes: 30, expectedMates: 1)
        harness.add(bor, speed: 4, fixes: 40, expectedMates: 1)
        let watching = SessionRecorder(name: "screen")
        let watchTask = watching.record(spectator)
        harness.start()
        defer {
            harness.cancelAll()
            watchTask.cancel()
        }
        try await harness.runToEnd()
        try await waitUntil("the spectator to see the result") { watching.hasEnded }
        let runnersFinal = try #require(harness.recorders.first?.last?.standings)
        let watched = try #require(watching.last)
        #expect(watching.failure == nil)
        #expect(watched.stage == .complete)
        #expect(watched.standings == runnersFinal)
        #expect(watched.mine == nil)
        #expect(watched.standings.standings.allSatisfy { $0.runner != screen })
        #expect(watching.snapshots.filter { $0.stage == .running }.count > 3, "not followed live")
        // It never published progress: every message it sent is its presence, as a spectator.
        let sent = messages.log.filter { $0.sender == screen.id }
        #expect(!sent.isEmpty && sent.allSatisfy { $0.message == .presence(screen, .watching) })
    }

    @Test("no race heard before the wait ends: a clear error")
    func nothingHeard() async throws {
        let clock = ManualRaceClock()
        let network = InMemoryRaceNetwork()
        let spectator = SpectatorSession(
            // 5 race seconds on a race clock 5 times faster than real time: said as the 1 real second it was.
            configuration: SpectatorConfiguration(me: screen, heartbeat: 1, waitTimeout: 5, speedup: 5),
            sync: network.endpoint(for: screen.id), messaging: InMemoryMessageNetwork().endpoint(for: screen.id), clock: clock
        )
        let watching = SessionRecorder(name: "screen")
        let task = watching.record(spectator)
        defer { task.cancel() }
        // One heartbeat at a time until it gives up (bounded: 10 s of race clock).
        for _ in 0..<10 where !watching.hasEnded {
            for _ in 0..<100_000 where clock.sleeperCount == 0 && !watching.hasEnded { await Task.yield() }
            clock.advance(by: 1)
        }
        try await waitUntil("the spectator to give up") { watching.hasEnded }
        #expect(watching.failure as? SpectatorError == .noRaceHeard(waited: 1))
        #expect("\(watching.failure!)".contains("--peer HOST:PORT"))
        #expect("\(watching.failure!)".hasPrefix("no race was heard in 1 s:"))
    }

    @Test("a snapshot only when something changed: none for quiet heartbeats or a repeated update, one for a new one")
    func onlyChanges() async throws {
        let clock = ManualRaceClock()
        let network = InMemoryRaceNetwork()
        let spectator = SpectatorSession(
            configuration: SpectatorConfiguration(me: screen, heartbeat: 1, lostAfter: 60, waitTimeout: 60),
            sync: network.endpoint(for: screen.id), messaging: InMemoryMessageNetwork().endpoint(for: screen.id), clock: clock
        )
        let anaSends = network.endpoint(for: ana.id)
        let watching = SessionRecorder(name: "screen")
        let task = watching.record(spectator)
        defer { task.cancel() }
        /// One heartbeat: the watch sleeps, the clock moves a second, the watch sleeps again.
        func beat() async {
            for _ in 0..<100_000 where clock.sleeperCount == 0 { await Task.yield() }
            clock.advance(by: 1)
            for _ in 0..<100_000 where clock.sleeperCount == 0 { await Task.yield() }
        }
        await beat()
        let running = RaceSamples.progress(ana, sequence: 2, elapsed: 3, distance: 10)
        await anaSends.publish(running)
        try await waitUntil("ana's update") { watching.snapshots.count == 1 }
        for _ in 0..<3 { await beat() }
        await anaSends.publish(running)
        for _ in 0..<2 { await beat() }
        #expect(watching.snapshots.count == 1, "quiet heartbeats or a repeat gave snapshots: \(watching.snapshots.count)")
        await anaSends.publish(RaceSamples.progress(ana, sequence: 3, elapsed: 4, distance: 14))
        try await waitUntil("ana's next update") { watching.snapshots.count == 2 }
        #expect(watching.snapshots.last?.standings.standings.first?.distance == 14)
    }
}
