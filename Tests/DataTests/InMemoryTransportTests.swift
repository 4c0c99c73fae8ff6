@testable import Data
import Domain
import Foundation
import MateRunnerTesting
import SyncCore
import SyncWire
import Testing

/// The repository over a `DatagramTransport` that is not UDP (docs/PROTOCOL.md, "Where the code lives"):
/// the same race between two peers in memory, no socket — address validation, progress, the race's
/// group, lobby messages — so another transport plugs in at that seam without touching the core.
@Suite("Sync over an in-memory transport")
struct InMemoryTransportTests {
    /// Two repositories on `network`, keyed with `key` or open: alice knows bob (as `--peer`), and bob
    /// her too unless `oneSided` (then he learns her address from her datagrams and validates it).
    func pair(
        on network: InMemoryDatagramNetwork, key: RaceKey? = nil, multicast: Bool = false, oneSided: Bool = false
    ) async throws -> (UDPRaceSyncRepository, UDPRaceSyncRepository) {
        let alice = try await UDPRaceSyncRepository.open(key: key, multicast: multicast, clock: ManualRaceClock()) { network.endpoint($0) }
        let bob = try await UDPRaceSyncRepository.open(key: key, multicast: multicast, clock: ManualRaceClock()) { network.endpoint($0) }
        try alice.addPeer(bob.localAddress)
        if !oneSided { try bob.addPeer(alice.localAddress) }
        return (alice, bob)
    }

    @Test("open and keyed: alice's progress reaches bob's updates as she sent it, each address validated by an echo, nothing dropped")
    func progress() async throws {
        for key in [nil, try RaceKey.testing("in memory")] {
            let network = InMemoryDatagramNetwork()
            let (alice, bob) = try await pair(on: network, key: key, oneSided: true)
            var updates = bob.updates().makeAsyncIterator()
            var bobs = alice.updates().makeAsyncIterator()
            var sent: [RunnerProgress] = []
            for step in 1...6 {
                let progress = SyncSample.progress(id: 0xA11CE, name: "alice", elapsed: Double(step), distance: Double(step) * 3)
                sent.append(progress)
                await alice.publish(progress)
                await bob.publish(SyncSample.progress(id: 0xB0B, name: "bob", elapsed: Double(step), distance: Double(step) * 2))
            }
            var received: [RunnerProgress] = []
            for _ in sent {
                guard let update = await updates.next() else { break }
                received.append(update)
            }
            #expect(received.map(\.state) == sent.map { $0.quantized().state })
            // Bob learned alice's address from her datagrams: he sent her nothing but a challenge until
            // she echoed it, then his progress.
            #expect(bob.statistics.received["address-echo"] == 1)
            #expect(await bobs.next()?.runner.name == "bob")
            #expect(bob.statistics.droppedTotal == 0 && alice.statistics.droppedTotal == 0, "\(bob.statistics.dropped) \(alice.statistics.dropped)")
            #expect(bob.knownPeers == [alice.localAddress] && alice.knownPeers == [bob.localAddress])
            #expect(network.delivered == alice.statistics.datagramsReceived + bob.statistics.datagramsReceived)
            await alice.close()
            await bob.close()
        }
    }

    @Test("the race's group on the transport: once both are heard, progress goes to the group once, and arrives on it")
    func group() async throws {
        let network = InMemoryDatagramNetwork()
        let (alice, bob) = try await pair(on: network, multicast: true)
        for step in 1...8 {
            await alice.publish(SyncSample.progress(id: 0xA11CE, name: "alice", elapsed: Double(step), distance: Double(step)))
            await bob.publish(SyncSample.progress(id: 0xB0B, name: "bob", elapsed: Double(step), distance: Double(step)))
        }
        let group = try #require(alice.multicastGroup)
        #expect(group.device == "memory" && bob.multicastGroup?.group == group.group)
        #expect(alice.statistics.groupSent > 0 && bob.statistics.groupReceived > 0)
        #expect(bob.statistics.droppedTotal == 0, "\(bob.statistics.dropped)")
        await alice.close()
        await bob.close()
    }

    @Test("a lobby message reaches the mate's subscribers; after close, the updates end and nothing more is sent")
    func lobbyAndClose() async throws {
        let network = InMemoryDatagramNetwork()
        let (alice, bob) = try await pair(on: network)
        await alice.publish(SyncSample.progress(id: 0xA11CE, name: "alice"))
        await bob.publish(SyncSample.progress(id: 0xB0B, name: "bob"))
        let messages = bob.messages()
        let runner = Runner(id: RunnerID(rawValue: 0xA11CE), name: "alice")
        await alice.send(.presence(runner, .free), from: runner, to: nil)
        var iterator = messages.makeAsyncIterator()
        let message = await iterator.next()
        #expect(message?.sender == runner.id)
        await bob.close()
        // Closed: the updates end, after what was read before (alice's progress).
        let left = try await withHangGuard("bob's updates ending") {
            var left = 0
            for await _ in bob.updates() { left += 1 }
            return left
        }
        #expect(left == 1)
        let before = network.delivered
        await alice.publish(SyncSample.progress(id: 0xA11CE, name: "alice", elapsed: 9, distance: 9))
        #expect(network.delivered == before, "nothing reaches a closed endpoint")
        await alice.close()
    }
}
