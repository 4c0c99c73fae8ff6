import Foundation
import MateRunnerTesting
import Testing

/// The real binary through a real mosquitto across network namespaces (docs/BROKER.md, docs/TESTING.md
/// "Beyond one network"): alice and bob at home A, carol at home B, each home behind its own NAT router
/// whose uplink delays and loses packets, the broker on the "internet" between them. An invited race
/// whose codes are compared through the broker, on a course with a ghost that bob and carol fetch from
/// alice through it, alice and bob also on their LAN (`--broker-lan`), a spectator at home B; then a paired
/// race (`--accept-from`, a race key) with carol's uplink cut for 60 s, and one with the broker restarted
/// mid-race: every peer ends with one identical result. Each test makes homes of its own (namespaces
/// named after the script's pid), so the tests run side by side.
@Suite("End to end: through an MQTT broker across NAT routers, in network namespaces")
struct BrokerNetnsEndToEndTests {
    static let key = ["--race-key", "across the town"]

    /// The runners' arguments: alice on a1 invites bob (a2) and carol (b1), paired with her beforehand.
    struct Race {
        let homes: BrokerHomes
        let goal: String
        let speedup: String

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
                                      + common, environment: paired.environment("bob"))
            let inviting = ["run", "--name", "alice", "--invite", "bob,carol", "--goal", goal, "--invite-timeout", "30"]
            let alice = try homes.start(on: "a1", binary, inviting + ["--pace", "5:00", "--seed", "1"] + common,
                                        environment: paired.environment("alice"))
            return [alice, bob, carol]
        }
    }

    /// Each run ended by itself with one identical result of the three runners (and `ghosts` more).
    func expectOneResult(
        _ runs: [ProcessRun], _ homes: BrokerHomes, ghosts: Int = 0, sourceLocation: SourceLocation = #_sourceLocation
    ) throws {
        for run in runs {
            let why = "exit \(run.status) (\(homes.faults)): \(run.stderr.suffix(3000))"
            #expect(run.status == 0 && !run.timedOut, "\(why)", sourceLocation: sourceLocation)
        }
        let results = try runs.map { try RaceResult(lines: $0.jsonLines()) }
        #expect(Set(results.map(\.description)).count == 1, "\(results)", sourceLocation: sourceLocation)
        let names = results[0].entries.map(\.name)
        let everyone = Set(names).isSuperset(of: ["alice", "bob", "carol"]) && names.count == 3 + ghosts
        #expect(everyone, "\(names)", sourceLocation: sourceLocation)
        let finished = results[0].entries.allSatisfy { $0.state == "finished" }
        #expect(finished, "\(results[0])", sourceLocation: sourceLocation)
    }

    /// Confirms the code of each of `invitees`' invitations on both sides, as people comparing their
    /// screens do: the code alice shows for an invitee is the one on the invitee's screen; then both accept.
    func confirmCodes(alice: ProcessRun.Handle, _ invitees: [String: ProcessRun.Handle]) async throws {
        var confirmed: Set<String> = []
        while confirmed.count < invitees.count {
            let frame = await alice.waitForJSON(type: "invitation", timeout: 40) { frame in
                let invitation = frame["invitation"] as? [String: Any]
                return (invitation?["invitee"] as? String).map { !confirmed.contains($0) } ?? false
            }
            let shown = try #require(frame?["invitation"] as? [String: Any], "no code: \(alice.output.suffix(2000))")
            let name = try #require(shown["invitee"] as? String)
            let invitee = try #require(invitees[name], "alice invites \(name)")
            let frameSeen = await invitee.waitForJSON(type: "invitation", timeout: 20)
            let seen = try #require(frameSeen?["invitation"] as? [String: Any], "\(invitee.output.suffix(2000))")
            let (id, code) = (try #require(seen["id"] as? String), try #require(seen["code"] as? String, "\(seen)"))
            let same = shown["code"] as? String == code && shown["id"] as? String == id
            #expect(same, "\(name): \(seen), alice: \(shown)")
            #expect(seen["paired"] as? Bool != true, "\(seen)")
            invitee.send(#"{"type":"accept","invitation":"\#(id)"}"#)
            alice.send(#"{"type":"accept","invitation":"\#(id)"}"#)
            confirmed.insert(name)
        }
    }

    /// Alice and bob at home A, also on their LAN (`--broker-lan`), carol and a spectator at home B, 80 ms and 2 %
    /// loss on each uplink: bob and carol compare their codes with alice's through the broker, then fetch her
    /// course and ghost through it; the same result and progress along the course on every screen.
    @Test("codes, a course and a ghost through the broker across two NATs; alice and bob also on their LAN: one result")
    func acrossTwoHomes() async throws {
        let binary = try BuildProducts.materunner()
        let folder = TestScratch.folder("broker-course")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let course = folder.appendingPathComponent("lake.gpx")
        let ghost = folder.appendingPathComponent("last-year.gpx")
        try Data(CourseInvitationEndToEndTests.route(name: "Lake loop").utf8).write(to: course)
        try Data(CourseNetnsEndToEndTests.ghostTrack(speed: 4).utf8).write(to: ghost)
        let homes = try await BrokerHomes.start()
        // Nobody has paired with alice but the spectator's screen: bob and carol compare codes.
        let paired = try await PairedHomes(host: "alice", joiners: ["screen"], others: ["bob", "carol"])
        let common = ["--broker", homes.brokerURL, "--group", "lakeside", "--frontend", "json", "--speedup", "10",
                      "--wait", "60", "--log-level", "info"]
        let lan = ["--broker-lan", "eth0"]
        let watcher = try homes.start(on: "b2", binary, ["watch", "--name", "screen"] + common,
                                      environment: paired.environment("screen"))
        let carol = try homes.start(on: "b1", binary, ["run", "--name", "carol", "--join", "--pace", "5:20",
                                    "--seed", "3"] + common, environment: paired.environment("carol"), input: true)
        let bob = try homes.start(on: "a2", binary, ["run", "--name", "bob", "--join", "--pace", "5:40", "--seed", "2"]
                                  + common + lan, environment: paired.environment("bob"), input: true)
        let alice = try homes.start(on: "a1", binary, ["run", "--name", "alice", "--invite", "bob,carol",
            "--course", course.path, "--ghost", "gpx:" + ghost.path, "--invite-timeout", "40", "--pace", "5:00",
            "--seed", "1"] + common + lan, environment: paired.environment("alice"), input: true)
        try await confirmCodes(alice: alice, ["bob": bob, "carol": carol])
        var runs: [ProcessRun] = []
        for handle in [alice, bob, carol] { runs.append(await handle.wait(timeout: 150)) }
        let watched = await watcher.wait(timeout: 60)
        await homes.stop()
        try expectOneResult(runs, homes, ghosts: 1)
        for run in runs {
            let keyed = run.stderr.contains("keyed with the race key and race id from the pairing exchange")
            #expect(keyed, "\(run.stderr.suffix(2000))")
        }

        // The spectator at home B, paired with alice alone, followed it live to the same result, the
        // host's ghost first (a spectator has no course: it shows no places along it).
        #expect(watched.status == 0 && !watched.timedOut, "exit \(watched.status): \(watched.stderr.suffix(2000))")
        let (seen, raced) = (try RaceResult(lines: watched.jsonLines()), try RaceResult(lines: runs[0].jsonLines()))
        #expect(seen == raced, "\(seen), alice: \(raced)")
        let statuses = try watched.jsonLines().filter { $0["type"] as? String == "status" }
        #expect(statuses.count > 5, "the spectator saw the race only at the end")

        // One course on every screen, fetched through the broker by bob and carol (carol's only way to
        // alice; bob's too, as a datagram to one mate goes through the broker only), kept under its digest.
        let lines = try runs.map { try $0.jsonLines() }
        let courses = lines.map { runLines in
            CourseInvitationEndToEndTests.frames(runLines, "course").first?["course"] as? [String: Any]
        }
        let digest = try #require(courses[0]?["digest"] as? String, "\(courses)")
        for shown in courses {
            let same = shown?["file"] as? String == "lake.gpx" && shown?["digest"] as? String == digest
            #expect(same, "\(String(describing: shown))")
            #expect(abs((shown?["total_m"] as? Double ?? 0) - 600) < 1)
        }
        for (index, name) in [(1, "bob"), (2, "carol")] {
            let notices = CourseInvitationEndToEndTests.frames(lines[index], "notice").compactMap {
                $0["message"] as? String
            }
            #expect(notices.contains { $0.hasPrefix("course lake.gpx (Lake loop) fetched from alice") }, "\(notices)")
            let kept = paired.dataHome(name).appendingPathComponent("materunner/courses/\(digest).gpx")
            #expect(FileManager.default.fileExists(atPath: kept.path), "\(name) keeps \(kept.path)")
        }
        // The ghost (4 m/s) first and marked on every runner's screen, then the runners, each at the same
        // place along the course everywhere.
        let progress = lines.map { runLines -> [String] in
            let result = CourseInvitationEndToEndTests.frames(runLines, "result").last ?? [:]
            return ((result["runners"] as? [[String: Any]]) ?? []).map { runner in
                let onCourse = runner["course"] as? [String: Any]
                return "\(runner["name"] ?? "?")|\(runner["ghost"] as? Bool == true)|\(onCourse?["progress_m"] ?? "?")"
            }
        }
        #expect(Set(progress).count == 1, "\(progress)")
        let marks = progress[0].map { $0.components(separatedBy: "|").dropFirst().first ?? "" }
        let ghostFirst = marks == ["true", "false", "false", "false"]
        #expect(ghostFirst, "\(progress[0])")

        // Alice and bob heard each other first on their LAN and dropped the broker's second copies.
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

    @Test("carol's uplink cut for 60 s mid-race: shown lost on her mates' screens, then back, one result everywhere")
    func uplinkCut() async throws {
        let binary = try BuildProducts.materunner()
        let homes = try await BrokerHomes.start()
        let paired = try await PairedHomes(host: "alice", joiners: ["bob", "carol"])
        // The cut (60 s, as a tunnel or a dead zone) is longer than what each side needs to notice it:
        // alice shows carol lost after 10 s of silence; carol's client (a keep-alive of 10 s) gives up
        // within 20 s, and mosquitto drops her after 15 s (1.5 keep-alives), so her old connection is
        // gone when the uplink comes back. Alice needs 105 s (real) for 3.5 km at 5:00/km and --speedup
        // 10, carol 112 s: the cut and carol's way back (a reconnection every 16 s at most) end before.
        let race = Race(homes: homes, goal: "3.5", speedup: "10")
        let handles = try race.start(binary, paired: paired)
        let running = await handles[0].waitForJSON(type: "status", timeout: 60) { $0["stage"] as? String == "running" }
        #expect(running != nil, "alice's race never ran: \(handles[0].output.suffix(2000))")
        try await Task.sleep(for: .seconds(2))
        try await homes.run("uplink-down B")
        try await Task.sleep(for: .seconds(60))
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
