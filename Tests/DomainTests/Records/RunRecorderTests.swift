import Domain
import Foundation
import MateRunnerTesting
import Testing

@Suite("RunRecorder: writes a run as it goes and its end")
struct RunRecorderTests {
    static let alice = RaceSamples.runner(1, "alice")
    static let bob = RaceSamples.runner(2, "bob")

    /// A snapshot `elapsed` seconds in, alice at `aliceMetres`, bob at `bobMetres`.
    static func snapshot(
        _ elapsed: TimeInterval, _ aliceMetres: Double, _ bobMetres: Double,
        alicePhase: RunnerPhase = .running, stage: RaceSnapshot.Stage = .running
    ) -> RaceSnapshot {
        let aliceFinish: TimeInterval? = alicePhase == .finished ? elapsed : nil
        let standings = [
            Standing(runner: alice, rank: alicePhase == .cancelled ? 0 : 1, phase: alicePhase, distance: aliceMetres, elapsed: elapsed,
                     progress: aliceMetres / 100, finishTime: aliceFinish, isLost: false),
            Standing(runner: bob, rank: alicePhase == .cancelled ? 1 : 2, phase: .running, distance: bobMetres, elapsed: elapsed,
                     progress: bobMetres / 100, finishTime: nil, isLost: false),
        ]
        return RaceSnapshot(
            me: alice.id, stage: stage, startedAt: RaceSamples.start,
            standings: RaceStandings(terms: RaceSamples.race100m, standings: standings, isComplete: stage == .complete),
            effort: RunnerEffort(kilocalories: aliceMetres / 20)
        )
    }

    static func fix(_ seconds: TimeInterval, quality: FixQuality = .unreported) -> Fix {
        Fix(coordinate: Geodesy.destination(from: RaceSamples.origin, metres: seconds * 3, bearing: 90),
            timestamp: RaceSamples.start.addingTimeInterval(seconds), quality: quality)
    }

    @Test("nothing is written while waiting for mates; the run is created, interrupted, once it starts")
    func beginsOnStart() async throws {
        let repository = InMemoryRunRecordRepository()
        let recorder = RunRecorder(repository: repository, runID: "run-1", checkpointInterval: 5)
        let waiting = RaceSnapshot(
            me: Self.alice.id, stage: .waitingForMates(heard: 0, expected: 1), startedAt: nil,
            standings: RaceStandings(terms: RaceSamples.race100m, standings: [], isComplete: false)
        )
        await recorder.observe(waiting)
        #expect(try repository.allRecords().isEmpty)
        await recorder.observe(Self.snapshot(0, 0, 0))
        let record = try #require(try repository.record(id: "run-1"))
        #expect(record.status == .interrupted)
        #expect(record.runnerName == "alice")
        #expect(record.terms == RaceSamples.race100m)
        #expect(record.startedAt == RaceSamples.start)
    }

    @Test("route points and samples go out in checkpoints every few seconds; a run never ended stays interrupted")
    func checkpoints() async throws {
        let repository = InMemoryRunRecordRepository()
        let recorder = RunRecorder(repository: repository, runID: "run-1", checkpointInterval: 5)
        for second in 0...12 {
            await recorder.observe(Self.fix(Double(second)))
            await recorder.observe(Self.snapshot(Double(second), Double(second) * 3, Double(second) * 2))
        }
        await recorder.observe(Self.fix(13, quality: .noFix))
        #expect(repository.checkpoints.map(\.route.count) == [6, 5])
        #expect(repository.checkpoints.allSatisfy { $0.status == .interrupted })
        let record = try #require(try repository.record(id: "run-1"))
        #expect(record.status == .interrupted)
        #expect(record.distance == 30)
        #expect(record.route.count == 11)
        #expect(record.samples.filter { $0.runnerName == "bob" }.map(\.distance) == (0...10).map { Double($0) * 2 })
        #expect(record.results.map(\.name) == ["alice", "bob"])
    }

    @Test("the end writes what is pending with the final figures, results and status, once")
    func finishes() async throws {
        let repository = InMemoryRunRecordRepository()
        let recorder = RunRecorder(repository: repository, runID: "run-1", checkpointInterval: 5)
        for second in 0...3 {
            await recorder.observe(Self.fix(Double(second)))
            await recorder.observe(Self.snapshot(Double(second), Double(second) * 30, Double(second) * 20))
        }
        await recorder.observe(Self.snapshot(3.4, 100, 68, alicePhase: .finished, stage: .complete))
        #expect(await recorder.statusFromLastSnapshot(otherwise: .interrupted) == .finished)
        await recorder.end(.finished)
        await recorder.end(.cancelled)
        let record = try #require(try repository.record(id: "run-1"))
        #expect(record.status == .finished)
        #expect(record.route.count == 4)
        #expect(record.distance == 100)
        #expect(record.duration == 3.4)
        #expect(record.kilocalories == 5)
        #expect(record.mine?.phase == .finished)
        #expect(record.results.map(\.rank) == [1, 2])
        #expect(record.samples.last { $0.runnerName == "alice" }?.distance == 100)
        #expect(repository.checkpoints.count == 1)
    }

    @Test("a cancel by our runner reads as cancelled; a stop with no final phase falls back")
    func cancelled() async {
        let recorder = RunRecorder(repository: InMemoryRunRecordRepository(), runID: "run-1")
        await recorder.observe(Self.snapshot(2, 6, 4, alicePhase: .cancelled))
        #expect(await recorder.statusFromLastSnapshot(otherwise: .interrupted) == .cancelled)
        let running = RunRecorder(repository: InMemoryRunRecordRepository(), runID: "run-2")
        await running.observe(Self.snapshot(2, 6, 4))
        #expect(await running.statusFromLastSnapshot(otherwise: .cancelled) == .cancelled)
        #expect(await running.statusFromLastSnapshot(otherwise: .interrupted) == .interrupted)
    }

    @Test("a failing store stops recording and keeps the error; the run itself is not affected")
    func failure() async throws {
        let repository = InMemoryRunRecordRepository()
        let recorder = RunRecorder(repository: repository, runID: "run-1", checkpointInterval: 5)
        await recorder.observe(Self.snapshot(0, 0, 0))
        repository.failWrites()
        for second in 1...12 {
            await recorder.observe(Self.snapshot(Double(second), Double(second), Double(second)))
        }
        await recorder.end(.finished)
        #expect(await recorder.failure is InMemoryRunRecordRepository.WriteFailed)
        #expect(await recorder.ended == .interrupted)
        #expect(try repository.record(id: "run-1")?.status == .interrupted)
    }
}
