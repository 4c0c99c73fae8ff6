import Foundation
import MateRunnerTesting
import Testing

/// A malicious broker in front of a real one (tools/mqtt-relay/mqtt-relay.py): the runners connect to it
/// on loopback, and it drops, delays, reorders, duplicates, replays and forges the PUBLISH packets it
/// relays to and from mosquitto, and injects what the test seals (`inject`). Stopped by its pid.
struct MaliciousRelay {
    let handle: ProcessRun.Handle
    let port: Int
    let status: URL
    /// Where the test puts the attacks the relay injects (its `--attacks`).
    let attacks: URL

    /// Starts the relay before `broker`, with the tool's default odds (10 % each) and `seed`.
    init(before broker: TestBroker, seed: Int = 1) async throws {
        port = try freeTCPPort()
        status = TestScratch.folder("relay").appendingPathComponent("status.json")
        let folder = status.deletingLastPathComponent()
        attacks = folder.appendingPathComponent("attacks")
        try FileManager.default.createDirectory(at: attacks, withIntermediateDirectories: true)
        handle = try ProcessRun.Handle(URL(fileURLWithPath: "/usr/bin/python3"), [
            Fixtures.packageRoot.appendingPathComponent("tools/mqtt-relay/mqtt-relay.py").path,
            "--listen", "\(port)", "--broker", "\(broker.port)", "--seed", "\(seed)",
            "--status", status.path, "--attacks", attacks.path, "--seconds", "280",
        ])
        let deadline = Date().addingTimeInterval(10)
        while !FileManager.default.fileExists(atPath: status.path) {
            guard handle.process.isRunning, Date() < deadline else {
                throw TestFailure("the relay did not start: \(await handle.wait(timeout: 2).stderr)")
            }
            try await Task.sleep(for: .milliseconds(50))
        }
    }

    /// `mqtt://127.0.0.1:PORT` of the relay.
    var url: String { "mqtt://127.0.0.1:\(port)" }

    private var statusObject: [String: Any] {
        guard let data = try? Data(contentsOf: status) else { return [:] }
        return (try? JSONSerialization.jsonObject(with: data) as? [String: Any]) ?? [:]
    }

    /// What it did so far, by kind (`dropped`, `duplicated`, `replayed`, `injected`, `attacks`, ...).
    var counts: [String: Int] { statusObject.compactMapValues { $0 as? Int } }

    /// The topics its clients subscribed to so far, and those they published on.
    var subscribed: [String] { statusObject["subscribed"] as? [String] ?? [] }
    var published: [String] { statusObject["published"] as? [String] ?? [] }

    /// Waits (at most `timeout` s) for a topic in `topics` (`subscribed` or `published`) that `matches`.
    func topic(
        in topics: KeyPath<MaliciousRelay, [String]>, timeout: TimeInterval = 30, where matches: (String) -> Bool
    ) async throws -> String {
        let deadline = Date().addingTimeInterval(timeout)
        while Date() < deadline {
            if let topic = self[keyPath: topics].first(where: matches) { return topic }
            try await Task.sleep(for: .milliseconds(50))
        }
        throw TestFailure("the relay carried no such topic within \(timeout) s: \(subscribed), \(published)")
    }

    /// Has the relay send `messages` (a topic, an envelope) to every client, `spacing` apart, and waits
    /// (at most `timeout` s) until it has sent the last.
    func inject(
        _ messages: [(topic: String, payload: [UInt8])], spacing: Duration, timeout: TimeInterval = 30
    ) async throws {
        let name = UUID().uuidString
        let body: [String: Any] = [
            "spacing_ms": Double(spacing / .microseconds(1)) / 1000,
            "messages": messages.map { message in
                ["topic": message.topic, "payload": message.payload.map { String(format: "%02x", $0) }.joined()]
            },
        ]
        let staged = attacks.appendingPathComponent("\(name).tmp")
        try JSONSerialization.data(withJSONObject: body).write(to: staged)
        try FileManager.default.moveItem(at: staged, to: attacks.appendingPathComponent("\(name).json"))
        let done = attacks.appendingPathComponent("\(name).done")
        let deadline = Date().addingTimeInterval(timeout)
        while !FileManager.default.fileExists(atPath: done.path) {
            guard Date() < deadline, handle.process.isRunning else {
                throw TestFailure("the relay did not inject \(name) in \(timeout) s")
            }
            try await Task.sleep(for: .milliseconds(20))
        }
    }

    /// Stops it by its pid.
    func stop() async {
        kill(handle.process.processIdentifier, SIGTERM)
        _ = await handle.wait(timeout: 5)
    }
}
