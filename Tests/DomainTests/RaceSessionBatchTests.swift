import Domain
import Foundation
import MateRunnerTesting
import Synchronization
import Testing

/// Mates' updates taken in batches (`RaceSyncRepository.updateBatches()`): a session that fell behind
/// catches up in one step per batch, not one per update.
@Suite("RaceSession: batches of updates", .timeLimit(.minutes(1)))
struct RaceSessionBatchTests {
    /// A sync whose batches the test hands over; publishing goes nowhere.
    final class BatchSync: RaceSyncRepository {
        let batches = AsyncStream.makeStream(of: [RunnerProgress].self)

        func publish(_ progress: RunnerProgress) async {}
        func updates() -> AsyncStream<RunnerProgress> { AsyncStream { $0.finish() } }
        func updateBatches() -> AsyncStream<[RunnerProgress]> { batches.stream }
    }

    @Test("two mates heard in one batch: one step, so no snapshot ever shows one of them without the other")
    func oneStepPerBatch() async throws {
        let clock = ManualRaceClock()
        let me = RaceSamples.runner(0xA1, "ana")
        let bor = RaceSamples.runner(0xB2, "bor")
        let cvet = RaceSamples.runner(0xC3, "cvet")
        let sync = BatchSync()
        let session = RaceSession(
            configuration: RaceSessionConfiguration(me: me, terms: RaceSamples.race100m, expectedMates: 2),
            location: ScriptedLocationRepository(script: [], clock: clock), sync: sync, clock: clock
        )
        let snapshots = Mutex<[RaceSnapshot]>([])
        let stream = session.snapshots()
        let reading = Task {
            for try await snapshot in stream { snapshots.withLock { $0.append(snapshot) } }
        }
        // The first heartbeat's snapshot: nobody heard yet.
        while snapshots.withLock({ $0.isEmpty }) { await Task.yield() }
        sync.batches.continuation.yield([
            RaceSamples.progress(bor, sequence: 2, phase: .waiting),
            RaceSamples.progress(cvet, sequence: 2, phase: .waiting),
        ])
        while !snapshots.withLock({ $0.contains { $0.standings.standings.count == 3 } }) { await Task.yield() }
        reading.cancel()
        let heard = snapshots.withLock { $0.map(\.standings.standings.count) }
        #expect(!heard.contains(2), "a snapshot held one mate of the batch without the other: \(heard)")
        #expect(heard.first == 1 && heard.last == 3)
    }

    @Test("the heartbeat emits a snapshot only when it changed something: none for quiet beats, one when a mate is lost")
    func heartbeatOnlyChanges() async throws {
        let clock = ManualRaceClock()
        let me = RaceSamples.runner(0xA1, "ana")
        let bor = RaceSamples.runner(0xB2, "bor")
        let sync = BatchSync()
        // Waiting for two mates, so the race never starts (its empty script would end it).
        let session = RaceSession(
            configuration: RaceSessionConfiguration(me: me, terms: RaceSamples.race100m, expectedMates: 2, lostAfter: 5),
            location: ScriptedLocationRepository(script: [], clock: clock), sync: sync, clock: clock
        )
        let snapshots = Mutex<[RaceSnapshot]>([])
        let stream = session.snapshots()
        let reading = Task {
            for try await snapshot in stream { snapshots.withLock { $0.append(snapshot) } }
        }
        defer { reading.cancel() }
        /// One heartbeat of the manual clock: the loop sleeps, the clock moves a second, the loop sleeps again.
        func beat() async {
            while clock.sleeperCount == 0 { await Task.yield() }
            clock.advance(by: 1)
            while clock.sleeperCount == 0 { await Task.yield() }
        }
        while snapshots.withLock({ $0.isEmpty }) { await Task.yield() }
        for _ in 0..<3 { await beat() }
        #expect(snapshots.withLock { $0.count } == 1, "quiet heartbeats emitted snapshots")

        sync.batches.continuation.yield([RaceSamples.progress(bor, sequence: 2, phase: .waiting)])
        while snapshots.withLock({ $0.count < 2 }) { await Task.yield() }
        for _ in 0..<3 { await beat() }
        #expect(snapshots.withLock { $0.count } == 2, "quiet heartbeats emitted snapshots")

        // bor silent past lostAfter: the heartbeat that notices says so, once.
        for _ in 0..<4 { await beat() }
        while snapshots.withLock({ $0.count < 3 }) { await Task.yield() }
        for _ in 0..<3 { await beat() }
        let counts = snapshots.withLock { $0 }
        #expect(counts.count == 3)
        #expect(counts.last != counts.dropLast().last)
    }
}
