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
    /// The input events the screen takes now (`stop`, `cancel`, `cheer`): what a front-end may offer.
    public var inputs: [String]

    /// The elapsed time `elapsed` beside `board` (and the position source's state); the screen takes `inputs`.
    public init(elapsed: String, board: RaceBoard, position: FrontEndPosition? = nil, inputs: [String] = []) {
        self.elapsed = elapsed
        self.board = board
        self.position = position
        self.inputs = inputs
    }

    /// Our runner's time in seconds on the board, if we run.
    public var elapsedSeconds: Double? {
        board.mine?.timeSeconds
    }
}
