import Domain
import Foundation
import Synchronization

/// A race network in memory, for tests and benchmarks: every endpoint's publish reaches the other
/// endpoints, subject to seeded loss, duplication and reordering.
public final class InMemoryRaceNetwork: Sendable {
    /// The faults the network applies, each a probability 0...1.
    public struct Faults: Sendable {
        public var loss: Double
        public var duplicate: Double
        /// Probability that a datagram is held back and delivered after the next one.
        public var reorder: Double
        public var seed: UInt64

        public init(loss: Double = 0, duplicate: Double = 0, reorder: Double = 0, seed: UInt64 = 1) {
            self.loss = loss
            self.duplicate = duplicate
            self.reorder = reorder
            self.seed = seed
        }

        public static let none = Faults()
    }

    private struct State {
        var inboxes: [RunnerID: AsyncStream<RunnerProgress>.Continuation] = [:]
        var ghostInboxes: [RunnerID: AsyncStream<Ghost>.Continuation] = [:]
        /// Every ghost announced so far, by its announcer: a late or restarted endpoint gets them too
        /// (the UDP repository repeats its chunks for the whole run).
        var ghosts: [RunnerID: Ghost] = [:]
        var held: [RunnerID: RunnerProgress] = [:]
        /// Each runner's last update that reached a mate: what its mates would send back after a restart.
        var lastHeard: [RunnerID: RunnerProgress] = [:]
        var random: SplitMix64
        var delivered = 0
        var dropped = 0
        /// Updates a session took and then asked for the next one after (so it has handled them).
        var handled = 0
    }

    private let faults: Faults
    private let state: Mutex<State>

    public init(faults: Faults = .none) {
        self.faults = faults
        state = Mutex(State(random: SplitMix64(seed: faults.seed)))
    }

    /// The sync repository of the runner `id` on this network.
    public func endpoint(for id: RunnerID) -> Endpoint {
        let (stream, continuation) = AsyncStream.makeStream(of: RunnerProgress.self)
        let (ghosts, ghostContinuation) = AsyncStream.makeStream(of: Ghost.self)
        state.withLock { state in
            state.inboxes[id] = continuation
            state.ghostInboxes[id] = ghostContinuation
            for (announcer, ghost) in state.ghosts where announcer != id { ghostContinuation.yield(ghost) }
        }
        return Endpoint(network: self, id: id, stream: stream, ghostStream: ghosts)
    }

    /// Every endpoint but the announcer's gets the ghost (ghost announcements are not subject to the
    /// faults: the UDP repository repeats them until the run ends).
    fileprivate func announce(_ ghost: Ghost, from sender: RunnerID) {
        state.withLock { state in
            state.ghosts[sender] = ghost
            for (id, inbox) in state.ghostInboxes where id != sender { inbox.yield(ghost) }
        }
    }

    /// The sync repository of the runner `id` after its peer restarted: like `endpoint(for:)`, and `id`'s
    /// own last update is handed back to it at once (what the UDP repository does from the state its
    /// earlier process kept in the data directory, docs/PROTOCOL.md "Restart and catch-up"; here the last
    /// one a mate heard, which is the one that earlier process published last).
    public func restartedEndpoint(for id: RunnerID) -> Endpoint {
        let endpoint = endpoint(for: id)
        let relayed = state.withLock { state -> (AsyncStream<RunnerProgress>.Continuation, RunnerProgress)? in
            guard let inbox = state.inboxes[id], let last = state.lastHeard[id] else { return nil }
            return (inbox, last)
        }
        if let (inbox, last) = relayed { inbox.yield(last) }
        return endpoint
    }

    /// Updates delivered and dropped so far.
    public var counts: (delivered: Int, dropped: Int) { state.withLock { ($0.delivered, $0.dropped) } }

    /// Updates delivered that no session has handled yet: taken and not yet followed by a request for
    /// the next one, or still in an inbox. A test driving a manual clock waits for 0 before moving it,
    /// so that however loaded the machine, no update is still in flight when time passes.
    public var unhandled: Int { state.withLock { $0.delivered - $0.handled } }

    fileprivate func handledOne() {
        state.withLock { $0.handled += 1 }
    }

    fileprivate func send(_ progress: RunnerProgress, from sender: RunnerID) {
        let deliveries = state.withLock { state -> [(AsyncStream<RunnerProgress>.Continuation, RunnerProgress)] in
            var out: [(AsyncStream<RunnerProgress>.Continuation, RunnerProgress)] = []
            for (id, inbox) in state.inboxes where id != sender {
                if state.random.chance(faults.loss) {
                    state.dropped += 1
                    continue
                }
                if let held = state.held.removeValue(forKey: id) {
                    if state.random.chance(faults.reorder) {
                        state.held[id] = progress
                        out.append((inbox, held))
                        continue
                    }
                    out.append((inbox, progress))
                    out.append((inbox, held))
                } else if state.random.chance(faults.reorder) {
                    state.held[id] = progress
                    continue
                } else {
                    out.append((inbox, progress))
                }
                if state.random.chance(faults.duplicate) { out.append((inbox, progress)) }
            }
            state.delivered += out.count
            if !out.isEmpty { state.lastHeard[sender] = progress }
            return out
        }
        for (inbox, update) in deliveries { inbox.yield(update) }
    }

    /// One runner's connection to the network.
    public struct Endpoint: RaceSyncRepository {
        let network: InMemoryRaceNetwork
        let id: RunnerID
        let stream: AsyncStream<RunnerProgress>
        let ghostStream: AsyncStream<Ghost>

        public func publish(_ progress: RunnerProgress) async {
            network.send(progress, from: id)
        }

        public func announce(_ ghost: Ghost) async {
            network.announce(ghost, from: id)
        }

        public func ghosts() -> AsyncStream<Ghost> {
            ghostStream
        }

        public func updates() -> AsyncStream<RunnerProgress> {
            // Asking for the next update means the last one was handled (a session handles its updates
            // one at a time): counted for `unhandled`.
            let iterator = SharedIterator(stream.makeAsyncIterator())
            let network = self.network
            return AsyncStream(unfolding: {
                if await iterator.startNext() { network.handledOne() }
                return await iterator.next()
            })
        }
    }
}

/// An update stream's iterator, shared by the `unfolding` closure of `Endpoint.updates()`.
private actor SharedIterator {
    private var iterator: AsyncStream<RunnerProgress>.AsyncIterator
    private var taken = false

    init(_ iterator: AsyncStream<RunnerProgress>.AsyncIterator) {
        self.iterator = iterator
    }

    /// Whether an update was taken before this request for the next one.
    func startNext() -> Bool {
        defer { taken = false }
        return taken
    }

    func next() async -> RunnerProgress? {
        var local = iterator
        let update = await local.next(isolation: self)
        iterator = local
        taken = update != nil
        return update
    }
}

extension SplitMix64 {
    /// True with the given probability.
    mutating func chance(_ probability: Double) -> Bool {
        probability > 0 && Double(next() >> 11) / Double(1 << 53) < probability
    }
}
