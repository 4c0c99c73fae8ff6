import Foundation

// MARK: Team and cancel

extension RaceSessionState {
    /// How many times a cancel is sent.
    static let cancelRepeats = 3

    /// Our runner cancels: it leaves the ranking, its mates are told (its phase is `cancelled`) and
    /// go on; our run ends. Ignored once our progress is final.
    func cancel() async {
        guard !isOver, failure == nil, !own.phase.isFinal else { return }
        own.phase = .cancelled
        own.finishTime = nil
        own.hasFinalResult = true
        own.sequence &+= 1
        let now = clock.now
        replica.apply(own, heardAt: now)
        // Our run ends now, with no heartbeat to repair a loss: send the final state a few times (a
        // duplicate changes nothing on a replica). A mate that misses all of them shows us as lost.
        for _ in 0..<Self.cancelRepeats { await sync.publish(own) }
        let lost = replica.lost(at: now, after: configuration.lostAfter, excluding: own.runner.id)
        emitSnapshot(snapshot(standings: standings(lost: lost, at: clock.now)))
        finish()
    }

    /// The sum of the mates' distances (a team's share that is not ours), in runner id order.
    var matesDistance: Double {
        let me = own.runner.id
        return replica.progress.values.filter { $0.runner.id != me }.sorted { $0.runner.id < $1.runner.id }
            .reduce(0) { $0 + $1.distance }
    }

    /// In a team, a mate's progress can take the group to the goal: we finish then, at our last time.
    /// Decided with `ResolveRace.team`, the very sum every peer's standings show.
    func finishWithTeamIfReached(at now: Date) async {
        guard configuration.terms.mode == .team, own.phase == .running,
              ResolveRace.team(of: replica.progress.values, goal: configuration.terms.goal).reachedGoal
        else { return }
        own.phase = .finished
        own.finishTime = own.elapsed
        own.sequence &+= 1
        own = own.quantized()
        replica.apply(own, heardAt: now)
        await sync.publish(own)
    }
}
