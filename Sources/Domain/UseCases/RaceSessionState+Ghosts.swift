import Foundation

// MARK: Ghosts (docs/COURSES.md, "Ghosts")

extension RaceSessionState {
    /// At our start: our ghost (`--ghost`) starts with us, and every peer is told.
    func announceGhost(startingAt start: Date) async {
        guard let track = configuration.ghost else { return }
        let ghost = Ghost(announcedBy: own.runner.id, track: track, start: start)
        adoptLocally(ghost)
        await sync.announce(ghost)
    }

    /// A ghost a mate announced. A ghost in a team run is ignored (its distance would count for the
    /// team); of two announcements of one ghost, the earlier start is kept, so every peer keeps the same.
    func adopt(_ ghost: Ghost) async {
        guard !isOver, ghost.id != own.runner.id else { return }
        adoptLocally(ghost)
        await advance()
    }

    private func adoptLocally(_ ghost: Ghost) {
        guard configuration.terms.mode != .team, replica.progress[ghost.id] == nil else { return }
        if let held = ghosts[ghost.id], held.start <= ghost.start { return }
        ghosts[ghost.id] = ghost
    }

    /// The standings of the replica and the ghosts at `now`. Ghosts show once we started; once every
    /// runner who is not lost is done, each ghost's result is what its track says (`Ghost.progress`).
    func standings(lost: Set<RunnerID>, at now: Date) -> RaceStandings {
        var progress = replica.progress.values
        if startedAt != nil, !ghosts.isEmpty {
            let realDone = progress.allSatisfy { $0.phase.isFinal || lost.contains($0.runner.id) }
            for id in ghosts.keys.sorted() {
                guard let ghost = ghosts[id] else { continue }
                progress.append(ghost.progress(at: now, terms: configuration.terms, realRunnersDone: realDone))
            }
        }
        return ResolveRace.standings(of: progress, terms: configuration.terms, lost: lost, ghostsLast: configuration.ghostsRankLast)
    }

    /// A ghost's line as progress, for its place on the course.
    func ghostProgress(_ standing: Standing) -> RunnerProgress? {
        guard standing.runner.isGhost else { return nil }
        return RunnerProgress(runner: standing.runner, terms: configuration.terms, phase: standing.phase, distance: standing.distance)
    }
}
