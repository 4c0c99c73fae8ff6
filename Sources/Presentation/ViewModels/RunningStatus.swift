import FrontEndKit

/// The running screen's state: our elapsed time and the board, together, as a `status` frame shows
/// them. A view slower than the race gets the latest one.
public struct RunningStatus: Sendable, Equatable {
    /// Our elapsed time, `MM:SS` or `HH:MM:SS`, as last ticked (our finish time once finished).
    public var elapsed: String
    /// The board after the latest change of the race.
    public var board: RaceBoard
    /// Our position source's state, when the run has one to show.
    public var position: FrontEndPosition?

    /// The elapsed time `elapsed` beside `board` (and the position source's state).
    public init(elapsed: String, board: RaceBoard, position: FrontEndPosition? = nil) {
        self.elapsed = elapsed
        self.board = board
        self.position = position
    }

    /// Our runner's time in seconds on the board, if we run.
    public var elapsedSeconds: Double? {
        board.mine?.timeSeconds
    }
}
