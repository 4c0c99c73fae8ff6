import Foundation

/// The ranking of a run at one moment, as every peer computes it from the replicated progress.
public struct RaceStandings: Sendable, Hashable {
    /// The run these standings are for.
    public var terms: RaceTerms
    /// Ranked runners best first, then the cancelled ones (unranked).
    public var standings: [Standing]
    /// The ranking is final: every runner still counted (not lost, not cancelled) has finished, or
    /// every runner has cancelled.
    public var isComplete: Bool
    /// The group's progress in a team run; nil in single and race runs.
    public var team: TeamStandings?

    /// Standings of a run.
    public init(terms: RaceTerms, standings: [Standing], isComplete: Bool, team: TeamStandings? = nil) {
        self.terms = terms
        self.standings = standings
        self.isComplete = isComplete
        self.team = team
    }

    /// The first runner to have reached the goal, if any has (in a race or alone).
    public var winner: Standing? {
        standings.first.flatMap { $0.phase == .finished && $0.isRanked ? $0 : nil }
    }

    /// The runner ranked first right now (nil when nobody is ranked).
    public var leader: Standing? { standings.first.flatMap { $0.isRanked ? $0 : nil } }

    /// Whether every runner cancelled: the run ends with no result.
    public var everyoneCancelled: Bool { !standings.isEmpty && standings.allSatisfy(\.isCancelled) }

    /// The standing of one runner.
    public func standing(of id: RunnerID) -> Standing? {
        standings.first { $0.runner.id == id }
    }
}
