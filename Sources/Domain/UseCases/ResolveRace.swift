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
    /// The standings of these runners under these terms; `lost` are shown as lost. With `ghostsLast`
    /// (an open race) every ghost ranks behind every runner who ran.
    public static func standings(
        of progress: [RunnerProgress],
        terms: RaceTerms,
        lost: Set<RunnerID> = [],
        ghostsLast: Bool = false
    ) -> RaceStandings {
        let goal = terms.goal.metres
        // Sort indices, not the (large) progress values: cheaper, and the order is the same.
        var ranked: [Int] = []
        var cancelled: [Int] = []
        ranked.reserveCapacity(progress.count)
        for index in progress.indices {
            if progress[index].phase == .cancelled { cancelled.append(index) } else { ranked.append(index) }
        }
        if terms.mode == .team {
            ranked.sort { furtherFirst(progress[$0], progress[$1]) }
        } else {
            ranked.sort { ranksBefore(progress[$0], progress[$1]) }
        }
        if ghostsLast {
            // A stable partition: the runners who ran in their order, then the ghosts in theirs.
            ranked = ranked.filter { !progress[$0].runner.isGhost } + ranked.filter { progress[$0].runner.isGhost }
        }
        cancelled.sort { furtherFirst(progress[$0], progress[$1]) }
        let leaderDistance = min(goal, ranked.first.map { progress[$0].distance } ?? 0)

        var standings: [Standing] = []
        standings.reserveCapacity(progress.count)
        var active = 0
        var activeFinished = 0
        for (position, index) in ranked.enumerated() {
            let entry = progress[index]
            let isLost = !lost.isEmpty && lost.contains(entry.runner.id)
            let finished = entry.phase == .finished
            if !isLost {
                active += 1
                if finished { activeFinished += 1 }
            }
            standings.append(standing(
                entry, rank: position + 1, goal: goal, isLost: isLost,
                gap: finished ? 0 : max(0, leaderDistance - min(goal, entry.distance))
            ))
        }
        for index in cancelled {
            let entry = progress[index]
            standings.append(standing(
                entry, rank: Standing.unranked, goal: goal, isLost: !lost.isEmpty && lost.contains(entry.runner.id), gap: 0
            ))
        }
        let everyoneCancelled = !progress.isEmpty && ranked.isEmpty
        let complete = everyoneCancelled || (active > 0 && active == activeFinished)
        return RaceStandings(
            terms: terms,
            standings: standings,
            isComplete: complete,
            team: terms.mode == .team ? team(of: progress, goal: terms.goal) : nil
        )
    }

    private static func standing(
        _ entry: RunnerProgress, rank: Int, goal: Double, isLost: Bool, gap: Double
    ) -> Standing {
        Standing(
            runner: entry.runner,
            rank: rank,
            phase: entry.phase,
            distance: entry.distance,
            elapsed: entry.finishTime ?? entry.elapsed,
            progress: goal > 0 ? min(1, max(0, entry.distance / goal)) : 0,
            finishTime: entry.finishTime,
            isLost: isLost,
            gapToLeader: gap
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
