import Foundation
import MateRunnerTesting
import Testing

/// A malicious broker in front of a real one (tools/mqtt-relay/mqtt-relay.py): the runners connect to it
/// on loopback, and it drops, delays, reorders, duplicates, replays and forges the PUBLISH packets it
/// relays to and from mosquitto. Stopped by its pid.
struct MaliciousRelay {
    let handle: ProcessRun.Handle
    let port: Int
    let status: URL

    /// Starts the relay before `broker`, with the tool's default odds (10 % each) and `seed`.
    init(before broker: TestBroker, seed: Int = 1) async throws {
        port = try freeTCPPort()
        status = TestScratch.folder("relay").appendingPathComponent("status.json")
        let folder = status.deletingLastPathComponent()
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        handle = try ProcessRun.Handle(URL(fileURLWithPath: "/usr/bin/python3"), [
            Fixtures.packageRoot.appendingPathComponent("tools/mqtt-relay/mqtt-relay.py").path,
            "--listen", "\(port)", "--broker", "\(broker.port)", "--seed", "\(seed)",
            "--status", status.path, "--seconds", "280",
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

    /// What it did so far, by kind (`dropped`, `duplicated`, `replayed`, `injected`, ...).
    var counts: [String: Int] {
        guard let data = try? Data(contentsOf: status) else { return [:] }
        return (try? JSONSerialization.jsonObject(with: data) as? [String: Int]) ?? [:]
    }

    /// Stops it by its pid.
    func stop() async {
        kill(handle.process.processIdentifier, SIGTERM)
        _ = await handle.wait(timeout: 5)
    }
}
