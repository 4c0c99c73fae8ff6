import Foundation

/// How a runner whose peer restarted mid-race takes its race back (docs/PROTOCOL.md, "Restart and
/// catch-up"). Its mates hold the last state they heard from it and send it back; the restarted peer
/// adopts that state as a base and adds what it runs from now on: distance and elapsed time continue
/// from the base, its sequence continues above the base's, and a final base (finished or cancelled) is
/// taken as it is. Pure: `RaceSessionState` applies it.
public struct RestartCatchUp: Sendable, Equatable {
    /// The state adopted: of the states mates sent back, the one with the highest sequence (the last
    /// one the previous process sent that anybody heard). Nil before any.
    public private(set) var base: RunnerProgress?

    /// Nothing adopted yet.
    public init() {}

    /// Distance covered before the restart, in metres (0 before any adoption).
    public var distanceBase: Double { base?.phase == .running ? base?.distance ?? 0 : 0 }
    /// Elapsed time before the restart, in seconds (0 before any adoption).
    public var elapsedBase: TimeInterval { base?.phase == .running ? base?.elapsed ?? 0 : 0 }

    /// Adopts `relayed`, our own runner's state as a mate held it, if it is newer than the base: returns
    /// our progress from now on, or nil when there is nothing to adopt (another runner, other terms, not
    /// newer than the base, or our own progress is final already). `own` is our current progress, whose
    /// distance and elapsed time include the current base.
    public mutating func adopt(_ relayed: RunnerProgress, into own: RunnerProgress) -> RunnerProgress? {
        guard relayed.runner.id == own.runner.id, relayed.terms == own.terms, !own.phase.isFinal,
              relayed.sequence > (base?.sequence ?? 0), relayed.phase != .waiting
        else { return nil }
        // What this process ran on its own, before the new base.
        let ranHere = (distance: max(0, own.distance - distanceBase), elapsed: max(0, own.elapsed - elapsedBase))
        base = relayed
        var resumed = own
        resumed.sequence = max(own.sequence, relayed.sequence) &+ 1
        resumed.hasFinalResult = false
        resumed.phase = relayed.phase
        if relayed.phase.isFinal {
            resumed.distance = relayed.distance
            resumed.elapsed = relayed.elapsed
            resumed.finishTime = relayed.finishTime
        } else {
            resumed.distance = relayed.distance + ranHere.distance
            resumed.elapsed = relayed.elapsed + ranHere.elapsed
            resumed.finishTime = nil
        }
        return resumed.quantized()
    }
}
