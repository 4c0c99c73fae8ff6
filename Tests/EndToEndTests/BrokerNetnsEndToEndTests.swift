import Foundation
import MateRunnerTesting
import Testing

/// The real binary through a real mosquitto across network namespaces (docs/BROKER.md, docs/TESTING.md
/// "Beyond one network"): alice and bob at home A, carol at home B, each home behind its own NAT router
/// whose uplink delays and loses packets, the broker on the "internet" between them. A paired invited race
/// (`--accept-from`, a race key) with a spectator at home B, then the same race mixed (alice and bob also
/// on their LAN, `--broker-lan`), with carol's uplink cut for 40 s, and with the broker restarted
/// mid-race: every peer ends with one identical result.
@Suite("End to end: through an MQTT broker across NAT routers, in network namespaces", .serialized)
struct BrokerNetnsEndToEndTests {
    static let key = ["--race-key", "across the town"]

    /// The runners' arguments: alice on a1 invites bob (a2) and carol (b1), paired with her beforehand.
    struct Race {
        let homes: BrokerHomes
        let goal: String
        let speedup: String
        /// Alice's and bob's arguments beside the broker's (`--broker-lan eth0`: their LAN as a shortcut).
        var home: [String] = []

        var common: [String] {
            ["--broker", homes.brokerURL, "--group", "lakeside", "--frontend", "json", "--speedup", speedup,
             "--wait", "60", "--log-level", "info"] + BrokerNetnsEndToEndTests.key
        }

        /// Starts carol and bob, then alice; returns [alice, bob, carol].
        func start(_ binary: URL, paired: PairedHomes) throws -> [ProcessRun.Handle] {
            let joining = ["run", "--join", "--accept-from", "alice"]
            let carol = try homes.start(on: "b1", binary, joining + ["--name", "carol", "--pace", "5:20", "--seed", "3"]
                                        + common, environment: paired.environment("carol"))
            let bob = try homes.start(on: "a2", binary, joining + ["--name", "bob", "--pace", "5:40", "--seed", "2"]
                                      + common + home, environment: paired.environment("bob"))
            let inviting = ["run", "--name", "alice", "--invite", "bob,carol", "--goal", goal, "--invite-timeout", "30"]
            let alice = try homes.start(on: "a1", binary, inviting + ["--pace", "5:00", "--seed", "1"] + common + home,
                                        environment: paired.environment("alice"))
            return [alice, bob, carol]
        }
    }

    /// Each run ended by itself with one identical result of the three runners.
    func expectOneResult(
        _ runs: [ProcessRun], _ homes: BrokerHomes, sourceLocation: SourceLocation = #_sourceLocation
    ) throws {
        for run in runs {
            let why = "exit \(run.status) (\(homes.faults)): \(run.stderr.suffix(3000))"
            #expect(run.status == 0 && !run.timedOut, "\(why)", sourceLocation: sourceLocation)
        }
        let results = try runs.map { try RaceResult(lines: $0.jsonLines()) }
        #expect(Set(results.map(\.description)).count == 1, "\(results)", sourceLocation: sourceLocation)
        #expect(results[0].entries.map(\.name).sorted() == ["alice", "bob", "carol"], sourceLocation: sourceLocation)
        let finished = results[0].entries.allSatisfy { $0.state == "finished" }
        #expect(finished, "\(results[0])", sourceLocation: sourceLocation)
    }

    @Test("across two NATs, 80 ms and 2 % loss on each uplink: a race of three and a spectator at home B, one result")
    func acrossTwoHomes() async throws {
        let binary = try BuildProducts.materunner()
        let homes = try await BrokerHomes.start()
        let paired = try await PairedHomes(host: "alice", joiners: ["bob", "carol"])
        let race = Race(homes: homes, goal: "0.5", speedup: "10")
        let watching = ["watch", "--name", "screen", "--frontend", "json", "--speedup", "10", "--wait", "60"]
        let broker = ["--broker", homes.brokerURL, "--group", "lakeside"]
        let watcher = try homes.start(on: "b2", binary, watching + broker + Self.key)
        let handles = try race.start(binary, paired: paired)
        var runs: [ProcessRun] = []
        for handle in handles { runs.append(await handle.wait(timeout: 150)) }
        let watched = await watcher.wait(timeout: 60)
        await homes.stop()
        try expectOneResult(runs, homes)
        #expect(watched.status == 0 && !watched.timedOut, "exit \(watched.status): \(watched.stderr.suffix(2000))")
        #expect(try RaceResult(lines: watched.jsonLines()) == RaceResult(lines: runs[0].jsonLines()))
        let statuses = try watched.jsonLines().filter { $0["type"] as? String == "status" }
        #expect(statuses.count > 5, "the spectator saw the race only at the end")
        for run in runs { #expect(run.stderr.contains("keyed with the race key"), "\(run.stderr.suffix(2000))") }
    }

    @Test("a mixed race: alice and bob also on their LAN (--broker-lan), carol on the broker alone; one result")
    func lanShortcut() async throws {
        let binary = try BuildProducts.materunner()
        let homes = try await BrokerHomes.start()
        let paired = try await PairedHomes(host: "alice", joiners: ["bob", "carol"])
        let race = Race(homes: homes, goal: "0.5", speedup: "10", home: ["--broker-lan", "eth0"])
        var runs: [ProcessRun] = []
        for handle in try race.start(binary, paired: paired) { runs.append(await handle.wait(timeout: 150)) }
        await homes.stop()
        try expectOneResult(runs, homes)
        // Alice and bob heard each other first on the LAN and dropped the broker's second copies.
        for run in runs[0...1] {
            let lines = run.stderr.split(separator: "\n")
            let line = try #require(lines.first { $0.contains("LAN shortcut on eth0") }, "\(run.stderr.suffix(2000))")
            let pattern = /sent (\d+) to its group, (\d+) first from the LAN, (\d+) second copies dropped, (\d+)/
            let counts = line.firstMatch(of: pattern).map { match in
                [Int(match.1), Int(match.2), Int(match.3), Int(match.4)].compactMap { $0 }
            }
            let numbers = try #require(counts, "\(line)")
            #expect(numbers.count == 4 && numbers.allSatisfy { $0 > 0 }, "\(line)")
            #expect(!line.contains("not joined"), "\(line)")
        }
        #expect(!runs[2].stderr.contains("LAN shortcut"))
    }

    @Test("carol's uplink cut for 40 s mid-race: shown lost on her mates' screens, then back, one result everywhere")
    func uplinkCut() async throws {
        let binary = try BuildProducts.materunner()
        let homes = try await BrokerHomes.start()
        let paired = try await PairedHomes(host: "alice", joiners: ["bob", "carol"])
        // The cut lasts twice what each side needs to notice it: alice shows carol lost after 10 s of
        // silence; carol's client (a keep-alive of 10 s) gives up within 20 s, and mosquitto drops her
        // after 15 s (1.5 keep-alives), so her old connection is gone when the uplink comes back.
        // Alice needs 90 s (real) for 3 km at 5:00/km and --speedup 10: the cut (40 s) and carol's way
        // back (a reconnection every 16 s at most) end well before.
        let race = Race(homes: homes, goal: "3", speedup: "10")
        let handles = try race.start(binary, paired: paired)
        let running = await handles[0].waitForJSON(type: "status", timeout: 60) { $0["stage"] as? String == "running" }
        #expect(running != nil, "alice's race never ran: \(handles[0].output.suffix(2000))")
        try await Task.sleep(for: .seconds(2))
        try await homes.run("uplink-down B")
        try await Task.sleep(for: .seconds(40))
        try await homes.run("uplink-up B")
        var runs: [ProcessRun] = []
        for handle in handles { runs.append(await handle.wait(timeout: 200)) }
        await homes.stop()
        try expectOneResult(runs, homes)
        // On alice's screen carol went lost during the cut, and came back.
        let carolStates = try runs[0].jsonLines().filter { $0["type"] as? String == "status" }.compactMap { status in
            (status["runners"] as? [[String: Any]])?.first { $0["name"] as? String == "carol" }?["state"] as? String
        }
        let lostAt = try #require(carolStates.firstIndex(of: "lost"), "carol never lost for alice: \(Set(carolStates))")
        #expect(carolStates[lostAt...].contains("running"), "carol never came back on alice's screen")
        #expect(runs[2].stderr.contains("lost the connection 1 time(s)"), "\(runs[2].stderr.suffix(2000))")
        #expect(runs[0].stderr.contains("lost the connection 0 time(s)"), "\(runs[0].stderr.suffix(2000))")
    }

    @Test("the broker restarted mid-race across the NATs: every runner reconnects, catches up and ends with one result")
    func brokerRestarted() async throws {
        let binary = try BuildProducts.materunner()
        let homes = try await BrokerHomes.start()
        let paired = try await PairedHomes(host: "alice", joiners: ["bob", "carol"])
        let race = Race(homes: homes, goal: "1", speedup: "10")
        let handles = try race.start(binary, paired: paired)
        let running = await handles[0].waitForJSON(type: "status", timeout: 60) { $0["stage"] as? String == "running" }
        #expect(running != nil, "alice's race never ran: \(handles[0].output.suffix(2000))")
        try await Task.sleep(for: .seconds(3))
        try await homes.run("broker-restart")
        var runs: [ProcessRun] = []
        for handle in handles { runs.append(await handle.wait(timeout: 150)) }
        await homes.stop()
        try expectOneResult(runs, homes)
        for run in runs {
            let summary = "connected 2 time(s), lost the connection 1 time(s)"
            #expect(run.stderr.contains(summary), "\(run.stderr.suffix(2000))")
        }
    }
}
