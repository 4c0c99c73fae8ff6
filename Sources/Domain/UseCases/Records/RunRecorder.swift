import Foundation

/// Records one run as it goes: our route from the fixes, every runner's distance over time and the
/// standings from the snapshots, written through a `RunRecordRepository` in checkpoints every
/// `checkpointInterval` seconds of race time, and a final checkpoint with the status at the end.
///
/// A repository error never stops the run: recording stops, and the first error is kept in `failure`
/// for the caller to report.
public actor RunRecorder {
    private let repository: any RunRecordRepository
    private let runID: String
    private let checkpointInterval: TimeInterval
    private let isDemo: Bool
    private var pending = PendingCheckpoint()
    private var lastSampled: [RunnerID: ProgressSample] = [:]
    private var lastSnapshot: RaceSnapshot?
    private var begun = false
    private var lastCheckpointElapsed: TimeInterval = 0
    /// The final status once the run's end was written (or recording failed); nothing is written after.
    public private(set) var ended: RunStatus?
    /// The first repository error, after which nothing more is written.
    public private(set) var failure: (any Error)?

    /// A recorder for the run `runID`; `isDemo` marks a demo's run (left out of the totals).
    public init(repository: any RunRecordRepository, runID: String, checkpointInterval: TimeInterval = 5, isDemo: Bool = false) {
        self.isDemo = isDemo
        self.repository = repository
        self.runID = runID
        self.checkpointInterval = checkpointInterval
    }

    /// A fix of our runner: kept as a route point when it is a usable position.
    public func observe(_ fix: Fix) {
        guard ended == nil, fix.coordinate.isValid, fix.quality.hasFix else { return }
        pending.route.append(RoutePoint(coordinate: fix.coordinate, timestamp: fix.timestamp))
    }

    /// A cheer sent or received during the run: written with the next checkpoint.
    public func observe(_ cheer: RecordedCheer) {
        guard ended == nil else { return }
        pending.cheers.append(cheer)
    }

    /// A snapshot: creates the record once our runner has started, samples every runner's distance
    /// (at most one sample per runner per second of its time, and its final one), and writes a
    /// checkpoint when one is due.
    public func observe(_ snapshot: RaceSnapshot) {
        guard ended == nil else { return }
        lastSnapshot = snapshot
        guard let startedAt = snapshot.startedAt, let mine = snapshot.mine else { return }
        if !begun {
            let record = RunRecord(
                id: runID, runnerName: mine.runner.name, terms: snapshot.standings.terms, startedAt: startedAt, isDemo: isDemo
            )
            guard attempt({ try repository.begin(record) }) else { return }
            begun = true
        }
        for standing in snapshot.standings.standings {
            sample(standing, places: snapshot.places)
        }
        if mine.elapsed - lastCheckpointElapsed >= checkpointInterval {
            lastCheckpointElapsed = mine.elapsed
            write(status: .interrupted)
        }
    }

    /// The run is over: writes the last checkpoint with `status`. Does nothing the second time, or
    /// when the run never started.
    public func end(_ status: RunStatus) {
        guard ended == nil else { return }
        if begun { write(status: status) }
        if ended == nil { ended = status }
    }

    /// How the run ended, judged from the last snapshot: finished when our runner (or team) reached
    /// the goal, cancelled when our runner cancelled or everybody did, otherwise `fallback` (stopped,
    /// after a stop).
    public func statusFromLastSnapshot(otherwise fallback: RunStatus) -> RunStatus {
        guard let snapshot = lastSnapshot, let mine = snapshot.mine else { return fallback }
        if mine.phase == .cancelled || snapshot.standings.everyoneCancelled { return .cancelled }
        if mine.phase == .finished || snapshot.standings.team?.reachedGoal == true { return .finished }
        return fallback
    }

    // MARK: Writing

    /// Samples `standing` when due, with its place on the course from `places` (looked up only then:
    /// every snapshot passes here once a runner, most of them with nothing due).
    private func sample(_ standing: Standing, places: [RunnerID: CoursePlace]) {
        let last = lastSampled[standing.runner.id]
        // Most snapshots bring nothing due: decided before a sample (and its id's text) is made.
        if let last, standing.elapsed - last.elapsed < 1, !standing.phase.isFinal { return }
        let sample = ProgressSample(
            runnerName: standing.runner.name, elapsed: standing.elapsed, distance: standing.distance,
            runnerID: last?.runnerID ?? standing.runner.id.description,
            place: places.isEmpty ? nil : places[standing.runner.id]?.coordinate
        )
        if let last {
            let due = sample.elapsed - last.elapsed >= 1 || (standing.phase.isFinal && sample != last)
            guard due, sample.elapsed >= last.elapsed else { return }
        }
        lastSampled[standing.runner.id] = sample
        pending.samples.append(sample)
    }

    private func write(status: RunStatus) {
        let snapshot = lastSnapshot
        let mine = snapshot?.mine
        let checkpoint = RunCheckpoint(
            runID: runID, route: pending.route, samples: pending.samples, cheers: pending.cheers,
            distance: mine?.distance ?? 0, duration: mine.map { $0.finishTime ?? $0.elapsed } ?? 0,
            kilocalories: snapshot?.effort.kilocalories ?? 0,
            results: snapshot.map { snapshot in snapshot.standings.standings.map { RunnerResult($0, me: snapshot.me) } } ?? [],
            status: status
        )
        if attempt({ try repository.save(checkpoint) }) {
            pending = PendingCheckpoint()
            if status != .interrupted { ended = status }
        }
    }

    private func attempt(_ work: () throws -> Void) -> Bool {
        do {
            try work()
            return true
        } catch {
            failure = error
            ended = .interrupted
            return false
        }
    }
}
