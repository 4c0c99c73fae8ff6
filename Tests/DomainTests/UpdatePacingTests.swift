import Domain
import Foundation
import MateRunnerTesting
import Synchronization
import Testing

/// Our fixes paced under overload (`UpdatePacing`): fewer datagrams, the same result on every peer.
@Suite("RaceSession: fixes paced under overload")
struct UpdatePacingTests {
    let ana = RaceSamples.runner(0xA1, "ana")
    let bor = RaceSamples.runner(0xB2, "bor")
    let cvet = RaceSamples.runner(0xC3, "cvet")

    /// A race of ana (5 m/s) and bor (4 m/s), one fix a second each, heartbeat every 5 s; ana's fixes
    /// paced to one per `pacing` s. What cvet, listening without running, heard from ana (every update)
    /// and the final standings of both peers.
    func race(pacing: Double) async throws -> (heard: [RunnerProgress], finals: [RaceStandings]) {
        var harness = RaceHarness()
        let listener = harness.network.endpoint(for: cvet.id)
        let heard = Mutex<[RunnerProgress]>([])
        let listening = Task { [ana] in
            for await update in listener.updates() where update.runner.id == ana.id { heard.withLock { $0.append(update) } }
        }
        defer { listening.cancel() }
        harness.add(ana, speed: 5, fixes: 30, expectedMates: 1) { $0.heartbeat = 5 }
        harness.add(bor, speed: 4, fixes: 40, expectedMates: 1) { $0.heartbeat = 5 }
        harness.start()
        defer { harness.cancelAll() }
        harness.sessions[0].pacing.interval = pacing
        try await waitUntil("both sessions to start running") {
            harness.recorders.allSatisfy { $0.snapshots.contains { $0.stage == .running } }
        }
        try await harness.runToEnd()
        for recorder in harness.recorders { #expect(recorder.failure == nil && recorder.last?.stage == .complete) }
        return (heard.withLock { $0 }, try harness.recorders.map { try #require($0.last?.standings) })
    }

    @Test("one fix in 3 published: a third of the updates, the finish at once, and the same result as unpaced on both peers")
    func pacedRace() async throws {
        let every = try await race(pacing: 0)
        let paced = try await race(pacing: 2.5)
        func running(_ updates: [RunnerProgress]) -> Int { updates.filter { $0.phase == .running && $0.distance > 0 }.count }
        #expect(running(every.heard) >= 19, "unpaced: \(running(every.heard)) running updates")
        #expect(running(paced.heard) <= 9, "paced: \(running(paced.heard)) running updates (every 3rd of 20 fixes, and heartbeats)")
        #expect(running(paced.heard) >= 6)
        // The finish went out with the fix that crossed the line, not at the next paced slot.
        let finish = try #require(paced.heard.first { $0.phase == .finished })
        #expect(abs((finish.finishTime ?? -1) - 20) <= 0.001)

        // Both peers agree, paced or not, on the same ranking and finish times.
        for finals in [every.finals, paced.finals] { #expect(finals[0] == finals[1]) }
        func outcome(_ standings: RaceStandings) -> [String] {
            standings.standings.map { "\($0.runner.name) \($0.phase) \(String(format: "%.3f", $0.finishTime ?? -1))" }
        }
        #expect(outcome(paced.finals[0]) == outcome(every.finals[0]))
        #expect(outcome(paced.finals[0]) == ["ana finished 20.000", "bor finished 25.000"])
    }

    @Test("the interval takes no negative or non-finite value")
    func interval() {
        let pacing = UpdatePacing()
        #expect(pacing.interval == 0)
        pacing.interval = 0.5
        #expect(pacing.interval == 0.5)
        for bad in [-1, Double.nan, .infinity] {
            pacing.interval = bad
            #expect(pacing.interval == 0)
        }
    }
}
