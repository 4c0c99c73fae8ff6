import Foundation

/// One runner's line in the standings.
public struct Standing: Sendable, Hashable {
    public var runner: Runner
    /// 1-based; ties share no rank (see `ResolveRace` for the tie-break).
    public var rank: Int
    public var phase: RunnerPhase
    public var distance: Double
    public var elapsed: TimeInterval
    /// Fraction of the goal covered, 0...1.
    public var progress: Double
    public var finishTime: TimeInterval?
    /// Silent for longer than the lost-mate timeout.
    public var isLost: Bool
    /// Ranked first.
    public var isLeader: Bool { rank == 1 }

    public init(
        runner: Runner, rank: Int, phase: RunnerPhase, distance: Double, elapsed: TimeInterval,
        progress: Double, finishTime: TimeInterval?, isLost: Bool
    ) {
        self.runner = runner
        self.rank = rank
        self.phase = phase
        self.distance = distance
        self.elapsed = elapsed
        self.progress = progress
        self.finishTime = finishTime
        self.isLost = isLost
    }
}

/// The ranking of a run at one moment, as every peer computes it from the replicated progress.
public struct RaceStandings: Sendable, Hashable {
    public var terms: RaceTerms
    /// Best first.
    public var standings: [Standing]
    /// Every runner still counted (not lost) has finished: the ranking is final.
    public var isComplete: Bool

    public init(terms: RaceTerms, standings: [Standing], isComplete: Bool) {
        self.terms = terms
        self.standings = standings
        self.isComplete = isComplete
    }

    /// The first runner to have reached the goal, if any has.
    public var winner: Standing? {
        standings.first.flatMap { $0.phase == .finished ? $0 : nil }
    }

    /// The runner ranked first right now.
    public var leader: Standing? { standings.first }

    /// The standing of one runner.
    public func standing(of id: RunnerID) -> Standing? {
        standings.first { $0.runner.id == id }
    }
}
