@testable import Data
@testable import SyncCore
import Domain
import Foundation
import MateRunnerTesting
import Synchronization
import Testing

/// The one lock around the peer state, and where received progress and messages go.
@Suite("Peer state store")
struct PeerStateStoreTests {
    /// A race clock that, like the agreed race clock of `run`, reads the sync's clock estimate, i.e.
    /// takes the store's lock, whenever it is read.
    final class EstimateReadingClock: RaceClock {
        let store = Mutex<PeerStateStore?>(nil)
        let reads = Mutex(0)
        private let manual = ManualRaceClock()

        var now: Date {
            if let store = store.withLock({ $0 }) { _ = store.withState { $0.clock.estimate } }
            reads.withLock { $0 += 1 }
            return manual.now
        }

        func sleep(until deadline: Date) async throws {
            try await manual.sleep(until: deadline)
        }
    }

    @Test("a lobby message is timed on the race clock outside the lock: a clock that reads the sync's estimate does not deadlock")
    func raceClockOutsideTheLock() async throws {
        let clock = EstimateReadingClock()
        let store = PeerStateStore(PeerState(key: nil, capacity: 64), raceClock: clock)
        clock.store.withLock { $0 = store }
        var alice = PeerState(key: nil, capacity: 64)
        let bobAddress = PeerAddress(host: "10.0.0.2", port: 47474)
        alice.learnPeer(bobAddress)
        let me = Runner(id: RunnerID(rawValue: 0xA11CE), name: "alice")
        let messages = store.hub.subscribe()
        let sent = alice.send(.presence(me, .free), from: me, to: nil, at: clock.now)
        for datagram in sent { #expect(store.receive(datagram.bytes, from: PeerAddress(host: "10.0.0.1", port: 47474)).isEmpty) }
        var iterator = messages.makeAsyncIterator()
        let received = await iterator.next()
        #expect(received == ReceivedRaceMessage(sender: me.id, message: .presence(me, .free)))
        #expect(store.withState { $0.statistics.datagramsReceived } == 1)
        #expect(clock.reads.withLock { $0 } == 2, "read once to send, once to receive the lobby message")
    }

    @Test("progress goes to the updates stream; the stream ends when the store finishes")
    func updatesStream() async throws {
        let store = PeerStateStore(PeerState(key: nil, capacity: 64), raceClock: ManualRaceClock())
        var alice = PeerState(key: nil, capacity: 64)
        alice.learnPeer(PeerAddress(host: "10.0.0.2", port: 47474))
        let progress = SyncSample.progress(id: 0xA11CE)
        for datagram in alice.publish(progress, clocks: SyncClocks(microseconds: { 1_000 })) {
            _ = store.receive(datagram.bytes, from: PeerAddress(host: "10.0.0.1", port: 47474))
        }
        store.finish()
        var updates: [RunnerProgress] = []
        for await update in store.updates { updates.append(update) }
        #expect(updates.map(\.state) == [progress.state])
        #expect(store.withState { $0.statistics.datagramsReceived } == 3)
    }

    @Test("taken in batches: what arrived before the reader took it is one batch, in order; the updates stream gets none; the batches end when the store finishes")
    func batches() async throws {
        let store = PeerStateStore(PeerState(key: nil, capacity: 64), raceClock: ManualRaceClock())
        let batches = store.batches()
        var alice = PeerState(key: nil, capacity: 64)
        alice.learnPeer(PeerAddress(host: "10.0.0.2", port: 47474))
        let source = PeerAddress(host: "10.0.0.1", port: 47474)
        let clocks = SyncClocks(microseconds: { 1_000 })
        var sent: [RunnerProgress] = []
        for step in 1...3 {
            var progress = SyncSample.progress(id: 0xA11CE)
            progress.elapsed = Double(step)
            progress.distance = Double(step) * 3
            sent.append(progress)
            for datagram in alice.publish(progress, clocks: clocks) { _ = store.receive(datagram.bytes, from: source) }
        }
        var iterator = batches.makeAsyncIterator()
        let first = await iterator.next()
        #expect(first?.map(\.elapsed) == sent.map(\.elapsed))
        #expect(first?.map(\.distance) == sent.map(\.distance))
        // One more after the batch was taken: a batch of its own.
        var fourth = SyncSample.progress(id: 0xA11CE)
        fourth.elapsed = 4
        for datagram in alice.publish(fourth, clocks: clocks) { _ = store.receive(datagram.bytes, from: source) }
        #expect(await iterator.next()?.map(\.elapsed) == [4])
        store.finish()
        #expect(await iterator.next() == nil)
        var direct = 0
        for await _ in store.updates { direct += 1 }
        #expect(direct == 0)
    }
}
