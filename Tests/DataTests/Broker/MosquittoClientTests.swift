@testable import Data
import Domain
import Foundation
import MateRunnerTesting
import Synchronization
import Testing

/// The libmosquitto client against a real mosquitto on loopback (started and stopped by each test).
@Suite("MQTT client on a real mosquitto", .serialized)
struct MosquittoClientTests {
    /// Messages a client received, in order.
    final class Inbox: Sendable {
        let messages = Mutex<[BrokerMessage]>([])
        func append(_ message: BrokerMessage) { messages.withLock { $0.append(message) } }
        var all: [BrokerMessage] { messages.withLock { $0 } }

        func wait(for what: String, until done: @escaping @Sendable ([BrokerMessage]) -> Bool) async throws {
            try await withHangGuard(what, seconds: 20) {
                while !done(self.all) { try await Task.sleep(for: .milliseconds(10)) }
            }
        }
    }

    func settings(_ broker: TestBroker, user: String? = nil, password: String? = nil) throws -> BrokerSettings {
        var settings = BrokerSettings(url: try BrokerURL(parsing: broker.url(user: user)), password: password, caFile: broker.caFile)
        settings.reconnectDelay = 1
        settings.reconnectDelayMaximum = 2
        settings.connectTimeout = .seconds(5)
        return settings
    }

    @Test("QoS 0 and 1 go from one client to another; a retained message reaches a later subscriber")
    func publishAndSubscribe() async throws {
        let broker = try await TestBroker.started()
        let inbox = Inbox()
        let reader = try await MosquittoClient.connect(try settings(broker), clientID: "reader") { inbox.append($0) }
        defer { reader.close() }
        reader.subscribe("t/#", delivery: .atLeastOnce)
        let writer = try await MosquittoClient.connect(try settings(broker), clientID: "writer") { _ in }
        defer { writer.close() }
        // The subscription is active once a probe comes back (not after a fixed pause: a loaded machine is slow).
        let probes = Atomic(0)
        try await withHangGuard("the subscription", seconds: 20) {
            while !inbox.all.contains(where: { $0.topic == "t/probe" }) {
                #expect(writer.publish([0], to: "t/probe", delivery: .atMostOnce))
                probes.add(1, ordering: .relaxed)
                try await Task.sleep(for: .milliseconds(50))
            }
        }
        inbox.messages.withLock { $0.removeAll() }
        // Probes still on their way are left out below; both QoS are delivered in order.
        #expect(writer.publish([1, 2, 3], to: "t/zero", delivery: .atMostOnce))
        #expect(writer.publish([4], to: "t/one", delivery: .atLeastOnce))
        #expect(writer.publish([9], to: "t/kept", delivery: .atLeastOnce, retain: true))
        let sent = { @Sendable (messages: [BrokerMessage]) in messages.filter { $0.topic != "t/probe" } }
        try await inbox.wait(for: "three messages") { sent($0).count >= 3 }
        #expect(sent(inbox.all).map(\.topic) == ["t/zero", "t/one", "t/kept"])
        #expect(sent(inbox.all).map(\.payload) == [[1, 2, 3], [4], [9]])

        let late = Inbox()
        let lateReader = try await MosquittoClient.connect(try settings(broker), clientID: "late") { late.append($0) }
        defer { lateReader.close() }
        lateReader.subscribe("t/kept", delivery: .atLeastOnce)
        try await late.wait(for: "the retained message") { !$0.isEmpty }
        #expect(late.all == [BrokerMessage(topic: "t/kept", payload: [9], retained: true)])
        #expect(writer.statistics.published == 3 + probes.load(ordering: .relaxed))
        #expect(writer.statistics.dropped == 0)
    }

    @Test("a lost connection: the broker publishes the last will, the client reconnects and subscribes again")
    func willAndReconnect() async throws {
        let broker = try await TestBroker.started()
        let watcher = Inbox()
        let observer = try await MosquittoClient.connect(try settings(broker), clientID: "observer") { watcher.append($0) }
        defer { observer.close() }
        observer.subscribe("presence/#", delivery: .atLeastOnce)
        let inbox = Inbox()
        let will = BrokerWill(topic: "presence/a", payload: [], retained: true)
        let client = try await MosquittoClient.connect(try settings(broker), clientID: "a", will: will) { inbox.append($0) }
        defer { client.close() }
        client.subscribe("to/a", delivery: .atLeastOnce)
        #expect(client.publish([1], to: "presence/a", delivery: .atLeastOnce, retain: true))
        try await watcher.wait(for: "the presence") { $0.contains { $0.payload == [1] } }

        client.breakConnection()
        try await watcher.wait(for: "the last will") { $0.contains { $0.topic == "presence/a" && $0.payload.isEmpty } }
        try await withHangGuard("the reconnection", seconds: 20) {
            while client.statistics.connections < 2 { try await Task.sleep(for: .milliseconds(20)) }
        }
        #expect(client.statistics.losses == 1)
        try await Task.sleep(for: .milliseconds(200))
        #expect(observer.publish([7], to: "to/a", delivery: .atLeastOnce))
        try await inbox.wait(for: "a message after the reconnection") { $0.contains { $0.payload == [7] } }
    }

    @Test("the broker restarted: QoS 1 waits in a bounded queue (the rest dropped and counted), then goes")
    func boundedQueueAcrossRestart() async throws {
        let broker = try await TestBroker.started()
        var settings = try settings(broker)
        settings.maximumQueued = 4
        // Its first retry 8 s after the loss: time for the reader below to subscribe first, on a loaded
        // machine too (with the default 1 s the queue once went before the reader was there).
        (settings.reconnectDelay, settings.reconnectDelayMaximum) = (8, 8)
        let client = try await MosquittoClient.connect(settings, clientID: "queued") { _ in }
        defer { client.close() }
        broker.stop()
        try await withHangGuard("the loss", seconds: 20) {
            while client.isConnected { try await Task.sleep(for: .milliseconds(20)) }
        }
        #expect(!client.publish([0], to: "q", delivery: .atMostOnce))
        let admitted = (1...10).map { client.publish([UInt8($0)], to: "q", delivery: .atLeastOnce) }
        #expect(admitted == Array(repeating: true, count: 4) + Array(repeating: false, count: 6))
        #expect(client.statistics.dropped == 7)

        try await broker.restart()
        let inbox = Inbox()
        let reader = try await MosquittoClient.connect(try self.settings(broker), clientID: "reader") { inbox.append($0) }
        defer { reader.close() }
        reader.subscribe("q", delivery: .atLeastOnce)
        // Nothing is retained: the reader subscribes before the writer is back (8 s after its loss).
        try await inbox.wait(for: "the queued messages") { $0.count >= 4 }
        #expect(inbox.all.map(\.payload) == [[1], [2], [3], [4]])
        try await withHangGuard("the queue to drain", seconds: 10) {
            while client.queued > 0 { try await Task.sleep(for: .milliseconds(20)) }
        }
        #expect(client.publish([5], to: "q", delivery: .atLeastOnce))
    }

    @Test("nobody listening at the start: .unreachable, one line, exit status 69")
    func unreachable() async throws {
        let port = try freeTCPPort()
        let url = try BrokerURL(parsing: "mqtt://127.0.0.1:\(port)")
        let error = await #expect(throws: BrokerError.self) {
            _ = try await MosquittoClient.connect(BrokerSettings(url: url), clientID: "x") { _ in }
        }
        guard case .unreachable = error else { Issue.record("not unreachable: \(String(describing: error))"); return }
        #expect(error?.fault == .unavailable)
        #expect(error?.fault.exitStatus == 69)
        #expect(error?.description.contains("127.0.0.1:\(port)") == true)
        #expect(error?.description.contains("\n") == false)
    }

    @Test("a wrong password, or no user where one is needed: .notAuthorized, exit status 77; the right one connects")
    func wrongPassword() async throws {
        let broker = try await TestBroker.started(users: ["alice": "s3cret"])
        for (user, password) in [("alice", "wrong"), ("alice", nil), ("mallory", "s3cret")] as [(String, String?)] {
            let error = await #expect(throws: BrokerError.self) {
                _ = try await MosquittoClient.connect(try settings(broker, user: user, password: password), clientID: "x") { _ in }
            }
            guard case .notAuthorized = error else { Issue.record("\(user): not notAuthorized: \(String(describing: error))"); continue }
            #expect(error?.fault.exitStatus == 77)
            #expect(error?.description.contains("user \(user)") == true)
        }
        let client = try await MosquittoClient.connect(try settings(broker, user: "alice", password: "s3cret"), clientID: "ok") { _ in }
        #expect(client.isConnected)
        client.close()
    }

    @Test("TLS: the broker's certificate verifies with its CA; with another CA a clear error names the host and the CA file")
    func tls() async throws {
        let broker = try await TestBroker.started(tls: true)
        let client = try await MosquittoClient.connect(try settings(broker), clientID: "tls") { _ in }
        #expect(client.isConnected)
        client.close()

        var wrong = try settings(broker)
        let otherCA = broker.folder.appendingPathComponent("other-ca.crt").path
        wrong.caFile = otherCA
        let error = await #expect(throws: BrokerError.self) {
            _ = try await MosquittoClient.connect(wrong, clientID: "tls-wrong") { _ in }
        }
        guard case .tlsFailed = error else { Issue.record("not tlsFailed: \(String(describing: error))"); return }
        #expect(error?.description.contains("localhost") == true)
        #expect(error?.description.contains(otherCA) == true)
    }

    @Test("--broker URLs: user, port, TLS default port, IPv6; a password in the URL and other schemes refused")
    func urls() throws {
        #expect(try BrokerURL(parsing: "mqtt://broker.example") == BrokerURL(host: "broker.example", port: 1883))
        #expect(try BrokerURL(parsing: "mqtts://alice@broker.example") == BrokerURL(host: "broker.example", port: 8883, user: "alice", tls: true))
        #expect(try BrokerURL(parsing: "mqtt://bob@10.0.0.1:1999/") == BrokerURL(host: "10.0.0.1", port: 1999, user: "bob"))
        #expect(try BrokerURL(parsing: "mqtt://[::1]:1884") == BrokerURL(host: "::1", port: 1884))
        #expect(try BrokerURL(parsing: "mqtt://[::1]:1884").description == "mqtt://[::1]:1884")
        for bad in ["http://x", "mqtt://alice:pw@x", "mqtt://x:0", "mqtt://x:port", "mqtt://", "mqtt://@x", "mqtt://x/topic"] {
            #expect(throws: BrokerError.self, "\(bad)") { try BrokerURL(parsing: bad) }
        }
        #expect((try? BrokerURL(parsing: "mqtt://alice:pw@x")) == nil)
    }
}
