@testable import Data
import Domain
import Foundation
import MateRunnerTesting
import SyncCore
import SyncWire
import Synchronization
import Testing

/// The sync through a real mosquitto on loopback: the same race as on UDP, sealed, and a broker that
/// replays, duplicates and injects changes nothing.
@Suite("Sync through an MQTT broker", .serialized)
struct MQTTTransportTests {
    func settings(_ broker: TestBroker) throws -> BrokerSettings {
        var settings = BrokerSettings(url: try BrokerURL(parsing: broker.url()))
        settings.reconnectDelay = 1
        settings.reconnectDelayMaximum = 2
        return settings
    }

    /// A repository on its own broker session in `group`.
    func peer(_ broker: TestBroker, group: String = "lakeside", key: RaceKey?, multicast: Bool = true) async throws -> UDPRaceSyncRepository {
        let session = try await BrokerSession.connect(try settings(broker), group: group)
        return try await UDPRaceSyncRepository.open(key: key, multicast: multicast, clock: ManualRaceClock()) { inbox in
            MQTTTransport(session: session, inbox: inbox)
        }
    }

    /// Every message on the broker under `m/#`, as an operator (or a wiretap) sees it.
    func wiretap(_ broker: TestBroker) async throws -> (MosquittoClient, MosquittoClientTests.Inbox) {
        let seen = MosquittoClientTests.Inbox()
        let tap = try await MosquittoClient.connect(try settings(broker), clientID: "wiretap") { seen.append($0) }
        tap.subscribe("m/#", delivery: .atLeastOnce)
        try await Task.sleep(for: .milliseconds(100))
        return (tap, seen)
    }

    /// Every update a repository hands out, collected as they come.
    final class Updates: Sendable {
        let items = Locked<[RunnerProgress]>([])
        let task: Task<Void, Never>

        init(_ repository: UDPRaceSyncRepository) {
            let items = self.items
            let stream = repository.updates()
            task = Task { for await update in stream { items.withLock { $0.append(update) } } }
        }

        var all: [RunnerProgress] { items.value }

        func has(_ distance: Double, of name: String) -> Bool {
            all.contains { $0.runner.name == name && $0.state.distance >= distance - 0.5 }
        }

        func wait(for distance: Double, of name: String) async throws {
            try await withHangGuard("\(name) at \(distance) m", seconds: 20) {
                while !self.has(distance, of: name) { try await Task.sleep(for: .milliseconds(20)) }
            }
        }
    }

    /// Alice and bob publish `steps` times; returns once bob has alice's last progress.
    @discardableResult
    func race(_ alice: UDPRaceSyncRepository, _ bob: UDPRaceSyncRepository, at bobs: Updates, steps: Int, from first: Int = 1) async throws -> Double {
        var last = 0.0
        for step in first..<(first + steps) {
            last = Double(step) * 3
            await alice.publish(SyncSample.progress(id: 0xA11CE, name: "alice", elapsed: Double(step), distance: last))
            await bob.publish(SyncSample.progress(id: 0xB0B, name: "bob", elapsed: Double(step), distance: Double(step) * 2))
            try await Task.sleep(for: .milliseconds(30))
        }
        // Progress is QoS 0, and on a loaded machine a step may go before a subscription is active. A run's
        // next step would carry the distance again: alice publishes her last again until bob has it (bounded).
        for _ in 0..<100 where !bobs.has(last, of: "alice") {
            try await Task.sleep(for: .milliseconds(200))
            let again = SyncSample.progress(id: 0xA11CE, name: "alice", elapsed: Double(first + steps), distance: last)
            await alice.publish(again)
        }
        try await bobs.wait(for: last, of: "alice")
        return last
    }

    @Test("open and keyed: alice's progress reaches bob through mosquitto, on the race's topic once both are heard")
    func progress() async throws {
        let broker = try await TestBroker.started()
        for key in [nil, try RaceKey.testing("through the broker")] {
            let alice = try await peer(broker, key: key)
            let bob = try await peer(broker, key: key)
            try alice.addPeer(bob.localAddress)
            try bob.addPeer(alice.localAddress)
            let updates = Updates(bob)
            try await race(alice, bob, at: updates, steps: 8)
            // Only what the move to the race's topic makes on any network: the unicast copies of group datagrams
            // until the mate reports hearing us there (duplicates), a delta before its hello (unknown sender).
            let expected: Set<String> = ["duplicate", "unknown-sender"]
            #expect(Set(bob.statistics.dropped.keys).isSubset(of: expected) && Set(alice.statistics.dropped.keys).isSubset(of: expected),
                    "\(bob.statistics.dropped) \(alice.statistics.dropped)")
            #expect((alice.transport as? MQTTTransport)?.unopenedCount == 0 && (bob.transport as? MQTTTransport)?.unopenedCount == 0)
            #expect(alice.multicastGroup?.device == "broker" && bob.multicastGroup?.group == alice.multicastGroup?.group)
            #expect(alice.statistics.groupSent > 0 && bob.statistics.groupReceived > 0)
            await alice.close()
            await bob.close()
        }
    }

    @Test("a keyed race: the broker sees envelopes only — no name, no datagram header — sealed with the race's key after the start")
    func brokerSeesEnvelopes() async throws {
        let broker = try await TestBroker.started()
        let (tap, seen) = try await wiretap(broker)
        defer { tap.close() }
        let key = try RaceKey.testing("through the broker")
        let alice = try await peer(broker, key: key)
        let bob = try await peer(broker, key: key)
        try alice.addPeer(bob.localAddress)
        try bob.addPeer(alice.localAddress)
        try await race(alice, bob, at: Updates(bob), steps: 5)
        await alice.close()
        await bob.close()
        let messages = seen.all.filter { !$0.payload.isEmpty }
        #expect(messages.count >= 10)
        let raceKey = BrokerSealKey(raceKey: key)
        for message in messages {
            #expect(!message.topic.contains("alice") && !message.topic.contains("bob") && !message.topic.contains("lakeside"))
            #expect(!message.payload.contains(subsequence: Array("alice".utf8)) && !message.payload.contains(subsequence: [0x4D, 0x52, 2]))
            let opened = BrokerEnvelope.open(message.payload, keys: [raceKey], topic: message.topic)
            #expect(opened != nil, "\(message.topic)")
        }
    }

    @Test("a broker that replays, duplicates and injects: bob's race is the same, every copy refused or unopened")
    func maliciousBroker() async throws {
        let broker = try await TestBroker.started()
        let (tap, seen) = try await wiretap(broker)
        defer { tap.close() }
        let key = try RaceKey.testing("through the broker")
        let alice = try await peer(broker, key: key, multicast: false)
        let bob = try await peer(broker, key: key, multicast: false)
        try alice.addPeer(bob.localAddress)
        try bob.addPeer(alice.localAddress)
        let updates = Updates(bob)
        try await race(alice, bob, at: updates, steps: 5)
        let accepted = bob.statistics.received["progress", default: 0] + bob.statistics.received["progress-delta", default: 0]
        let bobTopic = BrokerTopics(group: "lakeside").inbox(of: try #require(BrokerPeer.id(of: bob.localAddress)))
        let toBob = seen.all.filter { $0.topic == bobTopic && !$0.payload.isEmpty }
        #expect(!toBob.isEmpty)
        // Replayed, duplicated, reordered: the broker's own publishes of what it relayed before.
        for message in toBob.reversed() + toBob { tap.publish(message.payload, to: bobTopic, delivery: .atLeastOnce) }
        // Injected: changed bytes, an envelope from another topic, garbage.
        var changed = try #require(toBob.last?.payload)
        changed[changed.count - 20] ^= 0x40
        tap.publish(changed, to: bobTopic, delivery: .atLeastOnce)
        tap.publish(Array(repeating: 7, count: 60), to: bobTopic, delivery: .atLeastOnce)
        try await Task.sleep(for: .milliseconds(500))
        let transport = try #require(bob.transport as? MQTTTransport)
        #expect(transport.unopenedCount >= 2)
        #expect(bob.statistics.received["progress", default: 0] + bob.statistics.received["progress-delta", default: 0] == accepted)
        #expect(bob.statistics.droppedTotal >= toBob.count, "\(bob.statistics.dropped)")
        let count = updates.all.count
        await alice.publish(SyncSample.progress(id: 0xA11CE, name: "alice", elapsed: 9, distance: 40))
        try await updates.wait(for: 40, of: "alice")
        #expect(updates.all.count == count + 1, "only alice's new progress came after the attack")
        await alice.close()
        await bob.close()
    }

    @Test("the broker restarted mid-race: both reconnect and the race goes on")
    func brokerRestart() async throws {
        let broker = try await TestBroker.started()
        let key = try RaceKey.testing("through the broker")
        let alice = try await peer(broker, key: key)
        let bob = try await peer(broker, key: key)
        try alice.addPeer(bob.localAddress)
        try bob.addPeer(alice.localAddress)
        let updates = Updates(bob)
        try await race(alice, bob, at: updates, steps: 3)
        try await broker.restart()
        let transport = try #require(alice.transport as? MQTTTransport)
        try await withHangGuard("the reconnection", seconds: 20) {
            while transport.session.statistics.connections < 2 { try await Task.sleep(for: .milliseconds(50)) }
        }
        let bobs = try #require(bob.transport as? MQTTTransport)
        try await withHangGuard("bob's reconnection", seconds: 20) {
            while bobs.session.statistics.connections < 2 { try await Task.sleep(for: .milliseconds(50)) }
        }
        try await race(alice, bob, at: updates, steps: 4, from: 10)
        await alice.close()
        await bob.close()
    }
}
