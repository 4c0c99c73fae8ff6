import Foundation

/// Ranks runners from their replicated progress. A pure function: the same progress gives the same
/// standings on every peer, whatever the order it is given in.
///
/// Race and single: runners who finished, by finish time; then runners who did not, by distance,
/// longest first. Team: by distance, longest first (the group finishes together). Exact ties (same
/// finish time, or same distance) are broken by runner id, lowest first, so that every peer breaks
/// them the same way. Cancelled runners are out of the ranking: listed after the ranked ones, by
/// distance then id, with rank `Standing.unranked`. Lost runners stay ranked on what was received.
public enum ResolveRace {
    /// The standings of these runners under these terms; `lost` are shown as lost.
    public static func standings(
        of progress: [RunnerProgress],
        terms: RaceTerms,
        lost: Set<RunnerID> = []
    ) -> RaceStandings {
        let goal = terms.goal.metres
        let ranked = progress.filter { $0.phase != .cancelled }
            .sorted(by: terms.mode == .team ? furtherFirst : ranksBefore)
        let cancelled = progress.filter { $0.phase == .cancelled }.sorted(by: furtherFirst)
        let leaderDistance = min(goal, ranked.first?.distance ?? 0)

        func standing(_ entry: RunnerProgress, rank: Int) -> Standing {
            let finished = entry.phase == .finished
            return Standing(
                runner: entry.runner,
                rank: rank,
                phase: entry.phase,
                distance: entry.distance,
                elapsed: entry.finishTime ?? entry.elapsed,
                progress: goal > 0 ? min(1, max(0, entry.distance / goal)) : 0,
                finishTime: entry.finishTime,
                isLost: lost.contains(entry.runner.id),
                gapToLeader: finished || rank == Standing.unranked
                    ? 0 : max(0, leaderDistance - min(goal, entry.distance))
            )
        }
        let standings = ranked.enumerated().map { standing($1, rank: $0 + 1) }
            + cancelled.map { standing($0, rank: Standing.unranked) }
        let active = standings.filter { !$0.isLost && !$0.isCancelled }
        let everyoneCancelled = !standings.isEmpty && standings.allSatisfy(\.isCancelled)
        let complete = everyoneCancelled || (!active.isEmpty && active.allSatisfy { $0.phase == .finished })
        return RaceStandings(
            terms: terms,
            standings: standings,
            isComplete: complete,
            team: terms.mode == .team ? team(of: progress, goal: terms.goal) : nil
        )
    }

    /// A team's shared progress: the sum of every runner's distance, and the contributions.
    public static func team(of progress: [RunnerProgress], goal: RaceGoal) -> TeamStandings {
        var distances: [RunnerID: Double] = [:]
        for entry in progress { distances[entry.runner.id] = max(0, entry.distance) }
        let total = distances.keys.sorted().reduce(0) { $0 + (distances[$1] ?? 0) }
        return TeamStandings(
            distance: total,
            progress: goal.metres > 0 ? min(1, total / goal.metres) : 0,
            reachedGoal: total >= goal.metres,
            contributions: TeamContributions.shares(of: distances)
        )
    }

    /// Race order: finishers by finish time, then the others by distance; ties by id.
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

    /// Team and cancelled order: by distance, longest first; ties by id.
    static func furtherFirst(_ a: RunnerProgress, _ b: RunnerProgress) -> Bool {
        a.distance != b.distance ? a.distance > b.distance : a.runner.id < b.runner.id
    }
}
