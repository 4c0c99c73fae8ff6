import Foundation

/// Racing your own ghost (`--ghost` of one of your runs): by how much your finish beat it or missed it.
public enum GhostMargin {
    /// Seconds by which our finish came before (positive) or after (negative) the finish of our own
    /// ghost (a ghost with our runner's name); nil unless both finished.
    public static func margin(in standings: RaceStandings, me: RunnerID) -> TimeInterval? {
        guard let mine = standings.standing(of: me), let ours = mine.finishTime,
              let ghost = standings.standings.first(where: { $0.runner.isGhost && $0.runner.name == mine.runner.name }),
              let best = ghost.finishTime
        else { return nil }
        return best - ours
    }
}
