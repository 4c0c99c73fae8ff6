import Domain
import Foundation
import FrontEndKit

/// What the running screen's status is made of: when our run started and, once finished, how long it
/// took (the elapsed time), the elapsed time last shown, and the latest board. Every change goes out
/// on the status from inside the actor, so the stream's order is the order of the changes.
actor RunningState {
    private let status: AsyncStream<RunningStatus>.Continuation
    /// The input events the screen takes, on every status.
    private let inputs: [String]
    private var startedAt: Date?
    private var finishTime: TimeInterval?
    /// The elapsed time last shown, by the tick or at the end of the run.
    private var shown: String?
    private var board: RaceBoard?
    private var position: FrontEndPosition?
    private var last: RaceSnapshot?
    /// The result was taken: there is only one.
    private var resultTaken = false

    init(status: AsyncStream<RunningStatus>.Continuation, inputs: [String]) {
        self.status = status
        self.inputs = inputs
    }

    /// A new snapshot of the race: a new board, beside the elapsed time shown last.
    func update(_ snapshot: RaceSnapshot) {
        startedAt = snapshot.startedAt
        finishTime = snapshot.mine?.finishTime
        last = snapshot
        let board = RaceBoard(snapshot)
        self.board = board
        status.yield(RunningStatus(elapsed: shown ?? DisplayFormat.elapsed(0), board: board, position: position, inputs: inputs))
    }

    /// The position source's new state, beside the board and time shown last.
    func update(_ source: PositionStatus) {
        let position = FrontEndPosition(
            source: source.source.rawValue, state: source.state.rawValue, accuracyMetres: source.accuracyMetres.map { ($0 * 10).rounded() / 10 },
            summary: source.summary
        )
        guard position != self.position else { return }
        self.position = position
        if let board {
            status.yield(RunningStatus(elapsed: shown ?? DisplayFormat.elapsed(0), board: board, position: position, inputs: inputs))
        }
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
        if let board { status.yield(RunningStatus(elapsed: text, board: board, position: position, inputs: inputs)) }
    }

    private func elapsed(at now: Date) -> TimeInterval {
        if let finishTime { return finishTime }
        guard let startedAt else { return 0 }
        return max(0, now.timeIntervalSince(startedAt))
    }
}
