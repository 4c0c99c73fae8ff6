import FrontEndKit

/// The end of a run, ready to show: the last board, the winner and one sentence.
public struct RunningResult: Sendable, Equatable {
    /// The board of the complete race.
    public var board: RaceBoard
    /// The first runner to reach the goal, if anybody did (never in a team run).
    public var winner: FrontEndRunner?
    /// One sentence, e.g. `alice wins in 05:21`.
    public var summary: String

    /// The result of `board`, won by `winner`.
    public init(board: RaceBoard, winner: FrontEndRunner?, summary: String) {
        self.board = board
        self.winner = winner
        self.summary = summary
    }

    /// Our own time, `MM:SS`, if we ran.
    public var elapsed: String? {
        board.mine?.time
    }

    /// The same in seconds.
    public var elapsedSeconds: Double? {
        board.mine?.timeSeconds
    }
}
