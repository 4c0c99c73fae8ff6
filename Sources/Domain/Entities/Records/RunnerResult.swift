import Foundation

/// One runner's line in a recorded run: ours or a mate's, as our replica last saw it.
public struct RunnerResult: Sendable, Hashable, Codable {
    /// The runner's id in that run (16 hex digits), which tells apart runners who share a name.
    public var runnerID: String
    /// The runner's name.
    public var name: String
    /// 1-based rank; `Standing.unranked` (0) for a cancelled runner.
    public var rank: Int
    /// Metres covered.
    public var distance: Double
    /// Seconds run (the finish time once finished).
    public var elapsed: TimeInterval
    /// Seconds from start to the goal; nil when the runner did not finish.
    public var finishTime: TimeInterval?
    /// Waiting, running, finished or cancelled when the record was last written.
    public var phase: RunnerPhase
    /// Whether this line is our own runner.
    public var isMe: Bool
    /// Whether this line is a ghost (a recorded run replayed in the race): shown and ranked on screen,
    /// never counted in totals (`RunTotals.wins`).
    public var isGhost: Bool

    /// A runner's result; `runnerID` defaults to the name.
    public init(
        name: String, rank: Int, distance: Double, elapsed: TimeInterval, finishTime: TimeInterval?,
        phase: RunnerPhase, isMe: Bool, runnerID: String? = nil, isGhost: Bool = false
    ) {
        self.runnerID = runnerID ?? name
        self.name = name
        self.rank = rank
        self.distance = distance
        self.elapsed = elapsed
        self.finishTime = finishTime
        self.phase = phase
        self.isMe = isMe
        self.isGhost = isGhost
    }

    /// The line of the standings, seen by the runner `me`.
    public init(_ standing: Standing, me: RunnerID) {
        self.init(
            name: standing.runner.name, rank: standing.rank, distance: standing.distance, elapsed: standing.elapsed,
            finishTime: standing.finishTime, phase: standing.phase, isMe: standing.runner.id == me,
            runnerID: standing.runner.id.description, isGhost: standing.runner.isGhost
        )
    }
}
