import Foundation

// MARK: Restart and catch-up

extension RaceSessionState {
    /// A mate sent back our own runner's state, as it held it: this peer restarted mid-race. The state is
    /// adopted by `RestartCatchUp` (distance and time go on from it, new fixes add on top); a race that
    /// was under way goes on at once, without waiting in the lobby for the mates.
    func adoptRelayed(_ relayed: RunnerProgress) async {
        guard let resumed = catchUp.adopt(relayed, into: own) else { return }
        own = resumed
        courseMatcher?.resume(from: own.distance)
        lastStep = (own.distance, own.elapsed)
        let now = clock.now
        if startedAt == nil {
            startedAt = now
            for waiter in startWaiters { waiter.resume() }
            startWaiters = []
        }
        replica.apply(own, heardAt: now)
        await sync.publish(own)
        await advance()
    }
}
