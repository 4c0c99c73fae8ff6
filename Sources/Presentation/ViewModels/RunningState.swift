import Domain
import Foundation
import FrontEndKit

/// What the running screen's status is made of: when our run started and, once finished, how long it
/// took (the elapsed time), the elapsed time last shown, and the latest snapshot. The status is pulled
/// (`next()`): each change marks it due, and the view takes the newest when it is ready, so a status is
/// made (its board mapped and formatted) only when a view takes one, at the view's rate, however many
/// snapshots came in between; a view as fast as the race still sees every change, in order.
///
/// A status carries the elapsed time when it is taken. The tick (`tick(at:)`) makes a status of its own
/// only when no status was taken for a tick period: while fixes or mates' updates keep the board
/// moving, the elapsed time rides on their statuses, and a run at 10 fixes a second draws 10 frames, not
/// 10 and one more per second at a moment of its own (which, at the screen's rate, cost a timer too).
actor RunningState {
    /// The input events the screen takes, on every status.
    private let inputs: [String]
    /// The race clock's time now.
    private let now: @Sendable () -> Date
    /// Race seconds between the tick's looks at the elapsed time.
    private let tickPeriod: TimeInterval
    private var startedAt: Date?
    private var finishTime: TimeInterval?
    /// The elapsed time last shown: in the last status taken, by the tick before the first board, or at
    /// the end of the run.
    private var shown: String?
    /// When (race clock) the last status was taken.
    private var takenAt: Date?
    /// The board of `last`, made when a status is taken.
    private var board: RaceBoard?
    private var position: FrontEndPosition?
    private var last: RaceSnapshot?
    /// A change not taken yet.
    private var due = false
    /// No status after the pending one.
    private var finished = false
    /// The view waiting for the next status.
    private var waiter: CheckedContinuation<Bool, Never>?
    /// The result was taken: there is only one.
    private var resultTaken = false

    init(inputs: [String], now: @escaping @Sendable () -> Date, tickPeriod: TimeInterval) {
        self.inputs = inputs
        self.now = now
        self.tickPeriod = tickPeriod
    }

    /// A new snapshot of the race: a new board, beside the elapsed time shown last.
    func update(_ snapshot: RaceSnapshot) {
        startedAt = snapshot.startedAt
        finishTime = snapshot.mine?.finishTime
        last = snapshot
        board = nil
        changed()
    }

    /// The position source's new state, beside the board and time shown last.
    func update(_ source: PositionStatus) {
        let position = FrontEndPosition(
            source: source.source.rawValue, state: source.state.rawValue, accuracyMetres: source.accuracyMetres.map { ($0 * 10).rounded() / 10 },
            summary: source.summary
        )
        guard position != self.position else { return }
        self.position = position
        if last != nil { changed() }
    }

    // MARK: The status, pulled

    /// The next status: the newest, once something changed since the last one taken, and not before
    /// `notBefore` (a view's own pace: a change that comes earlier waits until then, and the status is the
    /// newest then; one that comes later is taken at once, without a timer). Nil once the screen is over
    /// (after the last change) or when the waiting task is cancelled. `sleep` waits a real duration.
    /// `flush` runs right before a status is taken and returns once what it changed is in (the run's
    /// owed step and its snapshot: `RunningViewModel.Dependency.race`'s `makeOwedStep()`).
    func next(
        notBefore: ContinuousClock.Instant? = nil, sleep: @Sendable (Duration) async throws -> Void,
        settle: @Sendable () async -> Void = {}, flush: @Sendable () async -> Void = {}
    ) async -> RunningStatus? {
        while true {
            if !due {
                if finished || Task.isCancelled { return nil }
                // One view takes the status: a second one waiting at once ends the first one's wait.
                resume(changed: false)
                let changed = await withTaskCancellationHandler {
                    await withCheckedContinuation { waiter = $0 }
                } onCancel: {
                    Task { await self.cancelWaiter() }
                }
                guard changed else { return nil }
                // Woken by a change: what the same turn brings (a fix's snapshot behind the tick's time)
                // goes in the same status.
                await settle()
            }
            if let notBefore, case let now = ContinuousClock.now, now < notBefore {
                do { try await sleep(notBefore - now) } catch { return nil }
            }
            // Mates' updates heard but waiting for the run's next step go in this status, not the next one
            // (a frame later: docs/BENCHMARKS.md, "a frame never waits for a step").
            await flush()
            // Changes that came during the wait are in `last`; another view may have taken it meanwhile.
            if due { return take() }
        }
    }

    /// Whether a view waits for a change (for tests).
    var hasWaiter: Bool { waiter != nil }

    /// No more changes: a waiting view gets nil (after the pending status, if one is due).
    func finish() {
        finished = true
        if !due { resume(changed: false) }
    }

    private func cancelWaiter() {
        resume(changed: false)
    }

    private func changed() {
        guard !finished else { return }
        due = true
        resume(changed: true)
    }

    private func resume(changed: Bool) {
        let waiting = waiter
        waiter = nil
        waiting?.resume(returning: changed)
    }

    private func take() -> RunningStatus? {
        due = false
        guard let last else { return nil }
        let board = self.board ?? RaceBoard(last)
        self.board = board
        let time = now()
        let elapsed = DisplayFormat.elapsed(elapsed(at: time))
        shown = elapsed
        takenAt = time
        return RunningStatus(elapsed: elapsed, board: board, position: Self.position(position, with: last.effort), inputs: inputs)
    }

    /// `position` with the fixes the noise filter dropped so far, once it dropped one.
    static func position(_ position: FrontEndPosition?, with effort: RunnerEffort) -> FrontEndPosition? {
        guard var position, let summary = DroppedFixesFormat.summary(effort) else { return position }
        let limit = effort.noiseFilter.maximumAccuracy
        position.droppedFixes = FrontEndDroppedFixes(
            count: DroppedFixesFormat.count(effort), maximumAccuracyMetres: limit.isFinite ? limit : nil, summary: summary
        )
        return position
    }

    /// The run failed: it has no result.
    func fail() {
        resultTaken = true
    }

    /// The result of the run as it stands (complete, or stopped or cancelled before that), once;
    /// nil before any snapshot, after a failure, and the second time.
    func takeResult(role: RunningViewModel.Role) -> RunningResult? {
        guard !resultTaken, let last else { return nil }
        resultTaken = true
        var result = RunningResult(last, elapsed: DisplayFormat.elapsed(elapsed(at: now())), role: role)
        // The run's summary repeats why fixes did not count (a runner's own: a spectator has none).
        if role == .runner, let dropped = DroppedFixesFormat.summary(last.effort) { result.summary += "; " + dropped }
        return result
    }

    /// Shows the elapsed time at `now` unless it is what was shown last, or a status was taken less than
    /// a tick period ago (the next one carries it: statuses take the elapsed time when they are made).
    /// Before the first board there is no status, only the time kept for it.
    func tick(at now: Date) {
        let text = DisplayFormat.elapsed(elapsed(at: now))
        guard text != shown else { return }
        if let takenAt, now.timeIntervalSince(takenAt) < tickPeriod, !due { return }
        shown = text
        if last != nil { changed() }
    }

    private func elapsed(at now: Date) -> TimeInterval {
        if let finishTime { return finishTime }
        guard let startedAt else { return 0 }
        return max(0, now.timeIntervalSince(startedAt))
    }
}
