import Domain
import Foundation
import MateRunnerTesting
import Synchronization
import Testing

/// Mates' updates taken in batches (`RaceSyncRepository.updateBatches()`): a session that fell behind
/// catches up in one step per batch, not one per update.
@Suite("RaceSession: batches of updates", .timeLimit(.minutes(1)))
struct RaceSessionBatchTests {
    /// Our runner, and the mate every test hears.
    let me = RaceSamples.runner(0xA1, "ana")
    let bor = RaceSamples.runner(0xB2, "bor")

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

    @Test("with a step spacing, a mate that only moves on waits for the end of the spacing (with the step's tolerance); a phase change steps at once")
    func spacedSteps() async throws {
        let run = SpacedRun(me: me, bor: bor)
        defer { run.reading.cancel() }
        try await run.owingAStep()
        // The step's sleep may end up to its tolerance late, in a wake-up that comes anyway.
        #expect(run.clock.tolerances.value == [0.25])
        run.manual.advance(by: 0.5)
        await run.waitFor { $0.contains { run.borDistance($0) == 6 } }
        // bor finishes: stepped at once, with no clock moving.
        let finished = RaceSamples.progress(bor, sequence: 5, phase: .finished, elapsed: 30, distance: 100)
        run.sync.batches.continuation.yield([finished])
        await run.waitFor { $0.contains { snapshot in snapshot.standings.standings.contains { $0.runner.id == bor.id && $0.phase == .finished } } }
    }

    @Test("a view about to draw makes the owed step at once: the move shows with no clock moving, and then none is owed")
    func owedStepOnDemand() async throws {
        let run = SpacedRun(me: me, bor: bor)
        defer { run.reading.cancel() }
        #expect(await run.session.makeOwedStep() == false, "a step made with none owed")
        try await run.owingAStep()
        #expect(await run.session.makeOwedStep())
        await run.waitFor { $0.contains { run.borDistance($0) == 6 } }
        #expect(await run.session.makeOwedStep() == false, "the owed step made twice")
        // The step scheduled for the spacing's end finds nothing owed: no snapshot of its own.
        let count = run.snapshots.value.count
        run.manual.advance(by: 0.5)
        for _ in 0..<50 { await Task.yield() }
        #expect(run.snapshots.value.count == count)
    }

    @Test("the heartbeat sleeps with its tolerance, so that it can come with a wake-up that comes anyway")
    func heartbeatTolerance() async throws {
        let manual = ManualRaceClock()
        let clock = ToleranceNotingClock(manual)
        let session = RaceSession(
            configuration: RaceSessionConfiguration(
                me: me, terms: RaceSamples.race100m, expectedMates: 1, heartbeat: 1, heartbeatTolerance: 0.2
            ),
            location: ScriptedLocationRepository(script: [], clock: clock),
            sync: BatchSync(), clock: clock
        )
        let stream = session.snapshots()
        let reading = Task { for try await _ in stream {} }
        defer { reading.cancel() }
        while !clock.tolerances.value.contains(0.2) { await Task.yield() }
        #expect(clock.tolerances.value.allSatisfy { $0 == 0.2 })
    }

    /// A session with a step spacing of 0.5 s (tolerance 0.25 s) whose only mate is bor, its snapshots
    /// collected. Our own first fix comes long after a test is over: every step is one for bor's updates.
    struct SpacedRun {
        let manual = ManualRaceClock()
        let clock: ToleranceNotingClock
        let sync = BatchSync()
        let session: RaceSession
        let snapshots = Locked<[RaceSnapshot]>([])
        let reading: Task<Void, any Error>
        let bor: Runner

        init(me: Runner, bor: Runner) {
            self.bor = bor
            clock = ToleranceNotingClock(manual)
            let start = clock.now
            session = RaceSession(
                configuration: RaceSessionConfiguration(
                    me: me, terms: RaceSamples.race100m, expectedMates: 1, stepSpacing: 0.5, stepTolerance: 0.25
                ),
                location: ScriptedLocationRepository(
                    script: ScriptedLocationRepository.straightRun(beginning: start.addingTimeInterval(60), speed: 3, count: 10), clock: clock
                ),
                sync: sync, clock: clock
            )
            let stream = session.snapshots()
            reading = Task { [snapshots] in
                for try await snapshot in stream { snapshots.withLock { $0.append(snapshot) } }
            }
        }

        func borDistance(_ snapshot: RaceSnapshot) -> Double? {
            snapshot.standings.standings.first { $0.runner.id == bor.id }?.distance
        }

        func waitFor(_ condition: @Sendable ([RaceSnapshot]) -> Bool) async {
            while !condition(snapshots.value) { await Task.yield() }
        }

        /// bor heard, then running (both stepped at once), then a move within the spacing: applied, its
        /// step owed and asleep until the spacing's end.
        func owingAStep() async throws {
            // bor heard: the race starts at once (the lobby never waits for a spacing).
            sync.batches.continuation.yield([RaceSamples.progress(bor, sequence: 2, phase: .waiting)])
            await waitFor { $0.contains { $0.startedAt != nil } }
            // bor starts running: a phase change, stepped at once although the last step was just now.
            sync.batches.continuation.yield([RaceSamples.progress(bor, sequence: 3, phase: .running, elapsed: 1, distance: 3)])
            await waitFor { $0.contains { borDistance($0) == 3 } }
            let sleepers = manual.sleeperCount
            // bor only moves on, within the spacing: applied, but its step waits for the spacing's end.
            sync.batches.continuation.yield([RaceSamples.progress(bor, sequence: 4, phase: .running, elapsed: 2, distance: 6)])
            while manual.sleeperCount == sleepers { await Task.yield() }
            #expect(!snapshots.value.contains { borDistance($0) == 6 }, "a move stepped before the spacing ended")
        }
    }
}

/// A manual clock that notes the tolerance of every sleep given one (and sleeps as the manual clock does).
final class ToleranceNotingClock: RaceClock {
    let clock: ManualRaceClock
    let tolerances = Locked<[TimeInterval]>([])

    init(_ clock: ManualRaceClock) {
        self.clock = clock
    }

    var now: Date { clock.now }

    func sleep(until deadline: Date) async throws {
        try await clock.sleep(until: deadline)
    }

    func sleep(until deadline: Date, tolerance: TimeInterval) async throws {
        tolerances.withLock { $0.append(tolerance) }
        try await clock.sleep(until: deadline)
    }
}
