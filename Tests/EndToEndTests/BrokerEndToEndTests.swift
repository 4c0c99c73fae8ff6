import Foundation
import MateRunnerTesting
import Testing

/// The real binary through a real mosquitto on loopback (docs/BROKER.md): mates found by their group, an
/// invited race with the code confirmed, the broker restarted mid-race, and the errors at the start. The
/// malicious broker beside a control race is a suite of its own (`MaliciousBrokerEndToEndTests`).
@Suite("End to end: through an MQTT broker", .serialized)
struct BrokerEndToEndTests {
    static let common = ["--frontend", "json", "--speedup", "25", "--wait", "30", "--log-level", "info"]

    func through(_ broker: TestBroker, group: String = "lakeside") -> [String] {
        through(broker.url(), group: group)
    }

    func through(_ url: String, group: String = "lakeside") -> [String] {
        ["--broker", url, "--group", group]
    }

    /// Alice invites bob by name through the broker (alice's, and bob's when another, bridged); both
    /// confirm the code; returns both runs.
    func invitedRace(
        _ broker: TestBroker, bobs: TestBroker? = nil, goal: String = "0.2",
        during: (@Sendable () async throws -> Void)? = nil
    ) async throws -> [ProcessRun] {
        try await invitedRace(broker.url(), bobs: (bobs ?? broker).url(), goal: goal, during: during)
    }

    /// The same through the brokers at `url` (alice's) and `bobs`.
    func invitedRace(
        _ url: String, bobs: String, goal: String, during: (@Sendable () async throws -> Void)? = nil
    ) async throws -> [ProcessRun] {
        let binary = try BuildProducts.materunner()
        let bob = try ProcessRun.Handle(binary, ["run", "--name", "bob", "--join", "--pace", "5:40", "--seed", "2"]
                                        + through(bobs) + Self.common, input: true)
        let alice = try ProcessRun.Handle(binary, ["run", "--name", "alice", "--invite", "bob", "--goal", goal, "--invite-timeout", "30",
            "--pace", "5:00", "--seed", "1"] + through(url) + Self.common, input: true)
        let frame = try #require(await bob.waitForJSON(type: "invitation", timeout: 30)?["invitation"] as? [String: Any], "\(bob.output)")
        let (id, code) = (try #require(frame["id"] as? String), try #require(frame["code"] as? String))
        let confirm = try #require(await alice.waitForJSON(type: "invitation", timeout: 10)?["invitation"] as? [String: Any])
        #expect(confirm["invitee"] as? String == "bob" && confirm["code"] as? String == code)
        bob.send(#"{"type":"accept","invitation":"\#(id)"}"#)
        alice.send(#"{"type":"accept","invitation":"\#(id)"}"#)
        if let during {
            let running = await alice.waitForJSON(type: "status", timeout: 30) { $0["stage"] as? String == "running" }
            #expect(running != nil, "alice's race never ran: \(alice.output)")
            try await during()
        }
        return [await alice.wait(timeout: 120), await bob.wait(timeout: 120)]
    }

    @Test("an invited race through the broker: bob found by name, the code confirmed on both, one identical result, keyed")
    func invitedRaceThroughBroker() async throws {
        let broker = try await TestBroker.started()
        let runs = try await invitedRace(broker)
        for run in runs { #expect(run.status == 0 && !run.timedOut, "exit \(run.status): \(run.stderr)") }
        let results = (try RaceResult(lines: runs[0].jsonLines()), try RaceResult(lines: runs[1].jsonLines()))
        #expect(results.0 == results.1)
        #expect(results.0.entries.count == 2)
        for run in runs { #expect(run.stderr.contains("keyed with the race key and race id from the pairing exchange"), "\(run.stderr)") }
    }

    @Test("two brokers bridged, as a club in each city runs them: alice on one invites bob on the other, one result")
    func bridgedBrokers() async throws {
        let east = try await TestBroker.started()
        // A bridge is a connection section in one broker's config: the group's topics both ways, QoS 1.
        let west = try await TestBroker.started(extraConfig: [
            "connection east", "address 127.0.0.1:\(east.port)", "topic m/# both 1", "cleansession true",
            "notifications false", "restart_timeout 1",
        ])
        try await Task.sleep(for: .seconds(1))
        let runs = try await invitedRace(east, bobs: west)
        for run in runs { #expect(run.status == 0 && !run.timedOut, "exit \(run.status): \(run.stderr)\n\(west.log)") }
        let results = (try RaceResult(lines: runs[0].jsonLines()), try RaceResult(lines: runs[1].jsonLines()))
        #expect(results.0 == results.1)
        #expect(results.0.entries.count == 2)
        for run in runs { #expect(run.stderr.contains("keyed with the race key and race id from the pairing"), "\(run.stderr)") }
    }

    @Test("the broker restarted mid-race: both reconnect and end with one identical result")
    func brokerRestartedMidRace() async throws {
        let broker = try await TestBroker.started()
        let runs = try await invitedRace(broker, goal: "0.5") {
            try await Task.sleep(for: .milliseconds(500))
            try await broker.restart()
        }
        for run in runs { #expect(run.status == 0 && !run.timedOut, "exit \(run.status): \(run.stderr)") }
        let results = (try RaceResult(lines: runs[0].jsonLines()), try RaceResult(lines: runs[1].jsonLines()))
        #expect(results.0 == results.1)
        #expect(results.0.entries.count == 2)
        for run in runs { #expect(run.stderr.contains("broker: connected 2 time(s), lost the connection 1 time(s)"), "\(run.stderr)") }
    }

    @Test("watch --broker: a spectator holding the race key follows a paired invited race from the broker to the same result")
    func spectatorThroughBroker() async throws {
        let binary = try BuildProducts.materunner()
        let broker = try await TestBroker.started()
        let homes = try await PairedHomes(host: "alice", joiners: ["bob"])
        let key = ["--race-key", "spectators welcome"]
        let watcher = try ProcessRun.Handle(binary, ["watch", "--name", "screen", "--frontend", "json", "--speedup", "25", "--wait", "30"]
            + through(broker) + key)
        let bob = try ProcessRun.Handle(binary, ["run", "--name", "bob", "--join", "--accept-from", "alice", "--pace", "5:40", "--seed", "2"]
            + through(broker) + Self.common + key, environment: homes.environment("bob"))
        let alice = try ProcessRun.Handle(binary, ["run", "--name", "alice", "--invite", "bob", "--goal", "0.2", "--pace", "5:00", "--seed", "1"]
            + through(broker) + Self.common + key, environment: homes.environment("alice"))
        let runs = [await alice.wait(timeout: 90), await bob.wait(timeout: 90), await watcher.wait(timeout: 60)]
        try expectWatchedRace(runs, names: ["alice", "bob"])
    }

    @Test("peers --broker lists the group's mates by name; another group's are not listed")
    func peersThroughBroker() async throws {
        let binary = try BuildProducts.materunner()
        let broker = try await TestBroker.started()
        let bob = try ProcessRun.Handle(binary, ["run", "--name", "bob", "--join", "--wait", "20"] + through(broker) + ["--frontend", "json"])
        let carol = try ProcessRun.Handle(binary, ["run", "--name", "carol", "--join", "--wait", "20"] + through(broker, group: "riverside")
            + ["--frontend", "json"])
        var names: [String] = []
        for _ in 0..<10 where !names.contains("bob") {
            let peers = try await ProcessRun.run(binary, ["peers", "--json", "--seconds", "1"] + through(broker))
            #expect(peers.status == 0, "\(peers.stderr)")
            names = try peers.jsonLines().compactMap { $0["name"] as? String }
        }
        #expect(names == ["bob"])
        kill(bob.process.processIdentifier, SIGINT)
        kill(carol.process.processIdentifier, SIGINT)
        _ = await bob.wait(timeout: 10)
        _ = await carol.wait(timeout: 10)
    }

    @Test("nobody at the broker's address: one line, exit 69; a wrong password: exit 77, naming the user")
    func brokerErrors() async throws {
        let binary = try BuildProducts.materunner()
        let port = try freeTCPPort()
        let unreachable = try await ProcessRun.run(binary, ["peers", "--broker", "mqtt://127.0.0.1:\(port)", "--group", "lakeside"])
        #expect(unreachable.status == 69, "\(unreachable.stderr)")
        #expect(unreachable.stderr.split(separator: "\n").count == 1 && unreachable.stderr.contains("cannot reach the MQTT broker at mqtt://127.0.0.1:\(port)"))

        let broker = try await TestBroker.started(users: ["alice": "s3cret"])
        let passwordFile = broker.folder.appendingPathComponent("alice-password")
        try "wrong\n".write(to: passwordFile, atomically: true, encoding: .utf8)
        let refused = try await ProcessRun.run(binary, ["run", "--name", "alice", "--join", "--broker", broker.url(user: "alice"),
            "--broker-password-file", passwordFile.path, "--group", "lakeside", "--frontend", "json"])
        #expect(refused.status == 77, "\(refused.stderr)")
        #expect(refused.stderr.contains("refused user alice"), "\(refused.stderr)")

        // No interface of that name for the LAN shortcut: 64, naming it.
        let open = try await TestBroker.started()
        let joining = ["run", "--name", "alice", "--join", "--wait", "5", "--frontend", "json"]
        let noLAN = try await ProcessRun.run(binary, joining + through(open) + ["--broker-lan", "nosuch0"])
        #expect(noLAN.status == 64, "\(noLAN.stderr)")
        #expect(noLAN.stderr.contains("--broker-lan nosuch0: no IPv4 interface has that name"), "\(noLAN.stderr)")

        let onCommandLine = try await ProcessRun.run(binary, ["peers", "--broker", "mqtt://alice:s3cret@127.0.0.1:\(broker.port)", "--group", "x"])
        #expect(onCommandLine.status == 64 && onCommandLine.stderr.contains("--broker-password-file"), "\(onCommandLine.stderr)")
    }
}
