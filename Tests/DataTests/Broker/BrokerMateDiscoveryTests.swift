@testable import Data
import Domain
import MateRunnerTesting
import Testing

/// Presence through a real mosquitto: a mate appears when it advertises, changes when it announces, and
/// disappears when it stops or its connection is lost (the last will), as on DNS-SD.
@Suite("Mates found through an MQTT broker", .serialized)
struct BrokerMateDiscoveryTests {
    func session(_ broker: TestBroker, group: String = "lakeside") async throws -> BrokerSession {
        var settings = BrokerSettings(url: try BrokerURL(parsing: broker.url()))
        settings.keepAlive = 5
        return try await BrokerSession.connect(settings, group: group)
    }

    @Test("found with its name, id and address; updated when running; lost when it stops, and when its connection is lost")
    func presence() async throws {
        let broker = try await TestBroker.started()
        let watcherSession = try await session(broker)
        defer { watcherSession.close() }
        let watcher = BrokerMateDiscovery(session: watcherSession)
        let events = try watcher.mates()
        let collected = Locked<[MateEvent]>([])
        let task = Task { for await event in events { collected.withLock { $0.append(event) } } }
        defer { task.cancel() }

        let aliceSession = try await session(broker)
        let alice = BrokerMateDiscovery(session: aliceSession)
        let runner = Runner(id: RunnerID(rawValue: 0xA11CE), name: "alice")
        let instance = try alice.advertise(runner, port: 0)
        try await waitFor(collected, "alice found") { $0.count >= 1 }
        guard case .found(let found) = collected.value.first else { Issue.record("\(collected.value)"); return }
        #expect(found.name == "alice" && found.runnerID == runner.id && found.instance == instance && found.state == .free)
        #expect(found.address == aliceSession.address)

        try alice.announce(.running, raceID: "0123456789abcdef")
        try await waitFor(collected, "alice running") { $0.count >= 2 }
        guard case .updated(let running) = collected.value[1] else { Issue.record("\(collected.value)"); return }
        #expect(running.state == .running && running.raceID == "0123456789abcdef")

        alice.stop()
        try await waitFor(collected, "alice gone") { $0.count >= 3 }
        #expect(collected.value[2] == .lost(instance: instance))

        // Bob vanishes without a goodbye: his last will clears his presence.
        let bobSession = try await session(broker)
        let bob = BrokerMateDiscovery(session: bobSession)
        let bobInstance = try bob.advertise(Runner(id: RunnerID(rawValue: 0xB0B), name: "bob"), port: 0)
        try await waitFor(collected, "bob found") { $0.count >= 4 }
        bobSession.client.breakConnection()
        try await waitFor(collected, "bob's last will") { $0.contains(.lost(instance: bobInstance)) }
        aliceSession.close()
        bobSession.close()
    }

    @Test("another group's presence is not seen; a presence not sealed with the group's key is ignored")
    func otherGroups() async throws {
        let broker = try await TestBroker.started()
        let watcherSession = try await session(broker)
        defer { watcherSession.close() }
        let watcher = BrokerMateDiscovery(session: watcherSession)
        let elsewhere = try await session(broker, group: "riverside")
        defer { elsewhere.close() }
        try BrokerMateDiscovery(session: elsewhere).advertise(Runner(id: RunnerID(rawValue: 0xCA201), name: "carol"), port: 0)
        let forged = BrokerMessage(topic: watcherSession.topics.presence(of: "0123456789abcdef"), payload: Array("name=mallory".utf8), retained: true)
        #expect(watcher.event(for: forged) == nil)
        let events = try watcher.mates()
        let collected = Locked<[MateEvent]>([])
        let task = Task { for await event in events { collected.withLock { $0.append(event) } } }
        defer { task.cancel() }
        try await Task.sleep(for: .milliseconds(500))
        #expect(collected.value.isEmpty)
    }

    func waitFor(_ collected: Locked<[MateEvent]>, _ what: String, until done: @escaping @Sendable ([MateEvent]) -> Bool) async throws {
        try await withHangGuard(what, seconds: 20) {
            while !done(collected.value) { try await Task.sleep(for: .milliseconds(20)) }
        }
    }
}
