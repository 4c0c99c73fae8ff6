import Foundation

/// Ranks runners from their replicated progress. A pure function: the same progress gives the same
/// standings on every peer.
///
/// Order: runners who finished, by finish time; then runners who did not, by distance, longest
/// first. Exact ties (same finish time, or same distance) are broken by runner id, lowest first,
/// so that every peer breaks them the same way.
public enum ResolveRace {
    public static func standings(
        of progress: [RunnerProgress],
        terms: RaceTerms,
        lost: Set<RunnerID> = []
    ) -> RaceStandings {
        let goal = terms.goal.metres
        let ordered = progress.sorted(by: ranksBefore)
        let standings = ordered.enumerated().map { index, entry in
            Standing(
                runner: entry.runner,
                rank: index + 1,
                phase: entry.phase,
                distance: entry.distance,
                elapsed: entry.finishTime ?? entry.elapsed,
                progress: goal > 0 ? min(1, max(0, entry.distance / goal)) : 0,
                finishTime: entry.finishTime,
                isLost: lost.contains(entry.runner.id)
            )
        }
        let counted = standings.filter { !$0.isLost }
        let complete = !counted.isEmpty && counted.allSatisfy { $0.phase == .finished }
        return RaceStandings(terms: terms, standings: standings, isComplete: complete)
    }

    static func ranksBefore(_ a: RunnerProgress, _ b: RunnerProgress) -> Bool {
        switch (a.finishTime, b.finishTime) {
        case let (ta?, tb?):
            if ta != tb { return ta < tb }
        case (.some, .none):
            return true
        case (.none, .some):
            return false
        case (.none, .none):
            if a.distance != b.distance { return a.distance > b.distance }
        }
        return a.runner.id < b.runner.id
    }
}
