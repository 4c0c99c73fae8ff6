import Foundation

/// One runner's line in the standings.
public struct Standing: Sendable, Hashable {
    /// The rank a cancelled runner has: none (cancelled runners are out of the ranking).
    public static let unranked = 0

    /// Who this line is about.
    public var runner: Runner
    /// 1-based; ties share no rank (see `ResolveRace` for the tie-break). `Standing.unranked` (0) for
    /// a cancelled runner.
    public var rank: Int
    /// Where the runner is in the run.
    public var phase: RunnerPhase
    /// Metres covered.
    public var distance: Double
    /// Seconds run (the finish time once finished).
    public var elapsed: TimeInterval
    /// Fraction of the goal covered, 0...1 (of the runner's own distance, also in a team).
    public var progress: Double
    /// Seconds from start to the goal, interpolated between fixes; nil until finished.
    public var finishTime: TimeInterval?
    /// Silent for longer than the lost-mate timeout.
    public var isLost: Bool
    /// Metres behind the leader toward the goal: 0 for the leader and for every finished runner;
    /// capped at the goal, so a leader running past it does not widen the gap.
    public var gapToLeader: Double

    /// A line of the standings.
    public init(
        runner: Runner, rank: Int, phase: RunnerPhase, distance: Double, elapsed: TimeInterval,
        progress: Double, finishTime: TimeInterval?, isLost: Bool, gapToLeader: Double = 0
    ) {
        self.runner = runner
        self.rank = rank
        self.phase = phase
        self.distance = distance
        self.elapsed = elapsed
        self.progress = progress
        self.finishTime = finishTime
        self.isLost = isLost
        self.gapToLeader = gapToLeader
    }

    /// Ranked first.
    public var isLeader: Bool { rank == 1 }

    /// Stopped before the goal: out of the ranking, shown as cancelled.
    public var isCancelled: Bool { phase == .cancelled }

    /// Has a rank (every runner who did not cancel).
    public var isRanked: Bool { rank != Self.unranked }
}
