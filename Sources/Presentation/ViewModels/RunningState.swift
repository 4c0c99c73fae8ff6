import Domain
import Foundation
import FrontEndKit

/// What the running screen's status is made of: when our run started and, once finished, how long it
/// took (the elapsed time), the elapsed time last shown, and the latest snapshot. The status is pulled
/// (`next()`): each change marks it due, and the view takes the newest when it is ready, so a status is
/// made (its board mapped and formatted) only when a view takes one, at the view's rate, however many
/// snapshots came in between; a view as fast as the race still sees every change, in order.
actor RunningState {
    /// The input events the screen takes, on every status.
    private let inputs: [String]
    private var startedAt: Date?
    private var finishTime: TimeInterval?
    /// The elapsed time last shown, by the tick or at the end of the run.
    private var shown: String?
    /// The board of `last`, made when a status is taken.
    private var board: RaceBoard?
    private var position: FrontEndPosition?
    private var last: RaceSnapshot?
    /// A change not taken yet.
    private var due = false
    /// No status after the pending one.
    private var finished = false
    /// The view waiting for the next status.
    private var waiter: CheckedContinuation<RunningStatus?, Never>?
    /// The result was taken: there is only one.
    private var resultTaken = false

    init(inputs: [String]) {
        self.inputs = inputs
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

    /// The next status: the newest, once something changed since the last one taken; nil once the
    /// screen is over (after the last change) or when the waiting task is cancelled.
    func next() async -> RunningStatus? {
        if due { return take() }
        if finished || Task.isCancelled { return nil }
        // One view takes the status: a second one waiting at once ends the first one's wait.
        resume(with: nil)
        return await withTaskCancellationHandler {
            await withCheckedContinuation { waiter = $0 }
        } onCancel: {
            Task { await self.cancelWaiter() }
        }
    }

    /// No more changes: a waiting view gets nil (after the pending status, if one is due).
    func finish() {
        finished = true
        if !due { resume(with: nil) }
    }

    private func cancelWaiter() {
        resume(with: nil)
    }

    private func changed() {
        guard !finished else { return }
        due = true
        if waiter != nil { resume(with: take()) }
    }

    private func resume(with status: RunningStatus?) {
        let waiting = waiter
        waiter = nil
        waiting?.resume(returning: status)
    }

    private func take() -> RunningStatus? {
        due = false
        guard let last else { return nil }
        let board = self.board ?? RaceBoard(last)
        self.board = board
        return RunningStatus(elapsed: shown ?? DisplayFormat.elapsed(0), board: board, position: position, inputs: inputs)
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
        return RunningResult(last, elapsed: shown ?? DisplayFormat.elapsed(0), role: role)
    }

    /// Shows the elapsed time at `now` unless it is what was shown last: the status carries each
    /// change once, whether the tick or the end of the run noticed it. Before the first board there
    /// is no status, only the time kept for it.
    func tick(at now: Date) {
        let text = DisplayFormat.elapsed(elapsed(at: now))
        guard text != shown else { return }
        shown = text
        if last != nil { changed() }
    }

    private func elapsed(at now: Date) -> TimeInterval {
        if let finishTime { return finishTime }
        guard let startedAt else { return 0 }
        return max(0, now.timeIntervalSince(startedAt))
    }
}
