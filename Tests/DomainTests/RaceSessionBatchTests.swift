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
}
