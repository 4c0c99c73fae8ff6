import Domain
import Foundation
import Logging
import SyncCore
import Synchronization
import SyncWire

/// The one lock around a peer's `PeerState`, and where its effects go: progress to the updates stream,
/// lobby messages and cheers to the `MessageHub`. The transport hands it every datagram it reads; the
/// repository reads and steps the state through it. Holds no socket.
final class PeerStateStore: Sendable {
    private let state: Mutex<PeerState>
    private let continuation: AsyncStream<RunnerProgress>.Continuation
    /// The mates' progress as it arrives.
    let updates: AsyncStream<RunnerProgress>
    /// Progress gathered for `batches()`, once that is the way it is taken.
    private let batch = Mutex(Batch())
    /// A wake-up for the batch reader: at most one waiting, however many updates came.
    private let ready = AsyncStream.makeStream(of: Void.self, bufferingPolicy: .bufferingNewest(1))

    /// The updates not taken yet, when they are taken in batches.
    private struct Batch {
        /// Whether `batches()` was asked for (then the updates go here instead of to `updates`).
        var gathering = false
        var pending: [RunnerProgress] = []
    }

    /// As many updates as the updates stream keeps: beyond it the oldest are dropped (progress is
    /// state, the next update of the same runner carries everything).
    static let pendingLimit = 256
    private let ghostContinuation: AsyncStream<Ghost>.Continuation
    /// Mates' ghosts, each once whole.
    let ghosts: AsyncStream<Ghost>
    /// The subscribers of lobby messages and cheers.
    let hub = MessageHub()
    /// The race clock: the instants of lobby messages sent and received.
    let raceClock: any RaceClock

    /// Where the adoption of the previous UTC day's race id is told (nil: nowhere).
    let logger: Logger?
    /// Where our runner's own state and datagram numbers are kept across a restart (nil: not kept).
    let keeper = Mutex<OwnStateKeeper?>(nil)

    /// A store for `state`, whose lobby messages are timed on `raceClock`.
    init(_ state: PeerState, raceClock: any RaceClock, logger: Logger? = nil) {
        self.state = Mutex(state)
        self.raceClock = raceClock
        self.logger = logger
        (updates, continuation) = AsyncStream.makeStream(of: RunnerProgress.self, bufferingPolicy: .bufferingNewest(256))
        (ghosts, ghostContinuation) = AsyncStream.makeStream(of: Ghost.self, bufferingPolicy: .bufferingNewest(64))
    }

    /// The wall clock a step reads (the race clock is read outside the lock).
    let clocks = SyncClocks()

    /// Steps the state under the lock.
    func withState<Result: Sendable>(_ body: (inout PeerState) -> Result) -> Result {
        state.withLock { body(&$0) }
    }

    /// One datagram read from `source` (on the race's multicast group: `viaGroup`): applied to the state,
    /// its progress and message delivered, then counted. Returns the answers to write back to `source` at once.
    func receive(_ bytes: [UInt8], from source: PeerAddress, viaGroup: Bool = false) -> [[UInt8]] {
        let (effects, reservation) = state.withLock { state in
            (state.receive(bytes, from: source, clocks: clocks, viaGroup: viaGroup), state.outbox.takeReservation())
        }
        // Numbers are reserved in the data directory long before they are reached (`SyncOutbox`).
        if let reservation { keeper.withLock { $0 }?.keep(numbersBelow: reservation) }
        if !effects.progress.isEmpty { deliver(effects.progress) }
        for ghost in effects.ghosts { ghostContinuation.yield(ghost) }
        if effects.lobby != nil || effects.pairingCode != nil, let message = effects.message(receivedAt: raceClock.now) { hub.deliver(message) }
        state.withLock { $0.countReceived() }
        if let previousDay = effects.previousDayWanted { derive(previousDay) }
        if let raceID = effects.adoptedRaceID {
            logger?.info("mates race under race id \(raceID) (started before midnight UTC): using it")
        }
        return effects.replies
    }

    /// Derives the previous UTC day's key on a queue of its own (scrypt takes about a second, far longer
    /// in a debug build: never on the receive path), then hands it to the state.
    private func derive(_ previousDay: PreviousDayRaceKey) {
        DispatchQueue.global(qos: .utility).async { [self] in
            let earlier: RaceKey?
            do {
                earlier = try previousDay.derive()
            } catch {
                logger?.warning("could not derive the key of race id \(previousDay.raceID) (the day before): \(error)")
                earlier = nil
            }
            state.withLock { $0.previousDayDerived(earlier) }
        }
    }

    /// The mates' progress in batches (see `RaceSyncRepository.updateBatches()`): from the first call on,
    /// updates go to the batch instead of `updates`.
    func batches() -> AsyncStream<[RunnerProgress]> {
        batch.withLock { $0.gathering = true }
        let waiting = SingleConsumerIterator(ready.stream.makeAsyncIterator())
        return AsyncStream { [self] in
            while true {
                let taken = self.batch.withLock { state -> [RunnerProgress] in
                    defer { state.pending = [] }
                    return state.pending
                }
                if !taken.isEmpty { return taken }
                guard await waiting.next() != nil else { return nil }
            }
        }
    }

    /// Our own state, as an earlier process of our runner kept it: to the session like a mate's progress
    /// (it adopts it, `RestartCatchUp`).
    func deliverOwn(_ progress: RunnerProgress) {
        deliver([progress])
    }

    private func deliver(_ progress: [RunnerProgress]) {
        let gathered = batch.withLock { state -> Bool in
            guard state.gathering else { return false }
            state.pending += progress
            if state.pending.count > Self.pendingLimit { state.pending.removeFirst(state.pending.count - Self.pendingLimit) }
            return true
        }
        if gathered {
            ready.continuation.yield()
        } else {
            for update in progress { continuation.yield(update) }
        }
    }

    /// The socket reported an error for an earlier send (an ICMP error on UDP): counted, not fatal.
    func sendFailed() {
        state.withLock { $0.countSendFailure() }
    }

    /// Ends `updates` and every message stream (the socket closed).
    func finish() {
        continuation.finish()
        ready.continuation.finish()
        ghostContinuation.finish()
        hub.finish()
    }
}
