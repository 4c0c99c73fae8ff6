import Foundation
import MateRunnerTesting
import Testing

/// The whole run flow with real processes on loopback: invitations (accept, decline, timeout),
/// the synchronized countdown, cheers, a cancel mid-race, a team of three, and the records on every side.
@Suite("End to end: invitations, countdown, cheers, cancel")
struct InvitationEndToEndTests {
    static let common = ["--frontend", "json", "--speedup", "25", "--wait", "30"]

    /// The `seconds_left` of every countdown frame.
    static func countdown(_ lines: [[String: Any]]) -> [Int] {
        lines.filter { $0["type"] as? String == "countdown" }
            .compactMap { ($0["countdown"] as? [String: Any])?["seconds_left"] as? Int }
    }

    static func notices(_ lines: [[String: Any]]) -> [String] {
        lines.filter { $0["type"] as? String == "notice" }.compactMap { $0["message"] as? String }
    }

    @Test("invite -> accept -> 3-2-1 -> race -> the same result on both, recorded on both with the same ranking")
    func inviteAcceptRace() async throws {
        let binary = try BuildProducts.materunner()
        let (portA, portB) = (try freeUDPPort(), try freeUDPPort())
        // --accept-from accepts only a paired host: bob paired with alice beforehand.
        let homes = try await PairedHomes(host: "alice", joiners: ["bob"])
        let bob = try ProcessRun.Handle(binary, ["run", "--name", "bob", "--join", "--accept-from", "alice", "--port", "\(portB)",
            "--pace", "5:40", "--seed", "2"] + Self.common, environment: homes.environment("bob"))
        let alice = try ProcessRun.Handle(binary, ["run", "--name", "alice", "--invite", "bob", "--mode", "race", "--goal", "0.2",
            "--port", "\(portA)", "--peer", "127.0.0.1:\(portB)", "--pace", "5:00", "--seed", "1"] + Self.common,
            environment: homes.environment("alice"))
        let runs = [await alice.wait(timeout: 90), await bob.wait(timeout: 90)]
        for run in runs { #expect(run.status == 0 && !run.timedOut, "exit \(run.status): \(run.stderr)") }
        let (linesA, linesB) = (try runs[0].jsonLines(), try runs[1].jsonLines())
        #expect(Self.countdown(linesA) == [3, 2, 1, 0])
        #expect(Self.countdown(linesB) == [3, 2, 1, 0])
        let invitation = try #require(linesB.first { $0["type"] as? String == "invitation" }?["invitation"] as? [String: Any])
        #expect(invitation["from"] as? String == "alice" && invitation["goal_m"] as? Double == 200 && invitation["mode"] as? String == "race")
        #expect(invitation["paired"] as? Bool == true && invitation["code"] is String)
        #expect(Self.notices(linesA).contains("bob is paired"))
        #expect(Self.notices(linesA).contains("bob accepted"))
        let results = (try RaceResult(lines: linesA), try RaceResult(lines: linesB))
        #expect(results.0 == results.1)
        #expect(results.0.winner == "alice", "\(results.0)")

        let recordsA = try #require(try await RecordsEndToEndTests.records(alice.dataHome.appendingPathComponent("materunner")).first)
        let recordsB = try #require(try await RecordsEndToEndTests.records(bob.dataHome.appendingPathComponent("materunner")).first)
        #expect(RecordsEndToEndTests.ranking(recordsA) == ["alice:1", "bob:2"])
        #expect(RecordsEndToEndTests.ranking(recordsA) == RecordsEndToEndTests.ranking(recordsB))
        #expect(recordsB["goal_m"] as? Double == 200 && recordsB["mode"] as? String == "race")
    }

    @Test("a joiner with no host: the wait line with 3, 2, 1 s left, once a second, then its end and the failed run")
    func joinerWaitLine() async throws {
        let binary = try BuildProducts.materunner()
        let run = try await ProcessRun.run(binary, ["run", "--name", "bob", "--join", "--port", "\(try freeUDPPort())",
            "--wait", "3", "--frontend", "json"], timeout: 30)
        let lines = try run.jsonLines()
        let waiting = lines.filter { $0["type"] as? String == "waiting" }
        let secondsLeft = waiting.map { ($0["waiting"] as? [String: Any])?["seconds_left"] as? Int }
        #expect(secondsLeft == [3, 2, 1, nil], "\(run.stdout)")
        let said = waiting.prefix(3).map { $0["message"] as? String }
        #expect(said == [3, 2, 1].map { "bob is waiting for an invitation: \($0) s left" })
        // The line goes before the run ends, saying it failed and why.
        let end = try #require(lines.firstIndex { $0["type"] as? String == "waiting" && $0["waiting"] == nil })
        #expect(lines[(end + 1)...].allSatisfy { $0["type"] as? String == "notice" }, "\(run.stdout)")
        let last = lines.last
        #expect(
            last?["level"] as? String == "error"
                && (last?["message"] as? String)?.contains("no invitation was accepted") == true,
            "\(String(describing: last))")
        #expect(run.status == 1 && run.stderr.contains("no invitation was accepted"), "\(run.stderr)")
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("wait-line-\(UUID().uuidString).json")
        try Data(run.stdout.utf8).write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        let validation = try FrontEndCommandTests.validate(file)
        #expect(validation.status == 0 && validation.output == "\(lines.count) frames valid\n", "\(validation.output)")
    }

    @Test("invite -> decline: the host says so and exits 1; the joiner goes on waiting")
    func inviteDecline() async throws {
        let binary = try BuildProducts.materunner()
        let (portA, portB) = (try freeUDPPort(), try freeUDPPort())
        // Bob waits 20 s for invitations (the host's decline ends his wait for this one only): long enough
        // that, on a loaded machine, his wait does not run out before he has declined.
        let bob = try ProcessRun.Handle(binary, ["run", "--name", "bob", "--join", "--port", "\(portB)", "--frontend", "json",
            "--speedup", "25", "--wait", "45"], input: true)
        // The invitation stays open 30 real seconds (not the default 10): on a loaded machine the decline
        // must not arrive after it expired (then the test would see a timeout, not a decline).
        let alice = try ProcessRun.Handle(binary, ["run", "--name", "alice", "--invite", "bob", "--port", "\(portA)",
            "--peer", "127.0.0.1:\(portB)", "--frontend", "json", "--speedup", "25", "--wait", "30", "--invite-timeout", "30"])
        let invitation = try #require(await bob.waitForJSON(type: "invitation", timeout: 50)?["invitation"] as? [String: Any])
        let id = try #require(invitation["id"] as? String)
        bob.send(#"{"type":"decline","invitation":"\#(id)"}"#)
        let (runA, runB) = (await alice.wait(timeout: 60), await bob.wait(timeout: 90))
        #expect(runA.status == 1, "\(runA.stderr)")
        #expect(runA.stderr.contains("bob declined: there is no run"), "\(runA.stderr)")
        #expect(Self.notices(try runA.jsonLines()).contains("bob declined"))
        // Her JSON stream ends saying the run failed, and why.
        let last = try runA.jsonLines().last
        #expect(last?["type"] as? String == "notice" && last?["level"] as? String == "error"
            && (last?["message"] as? String)?.contains("bob declined: there is no run") == true, "\(String(describing: last))")
        #expect(Self.notices(try runB.jsonLines()).contains("you declined alice's invitation"))
        #expect(runB.status == 1 && runB.stderr.contains("no invitation was accepted"), "\(runB.stderr)")
        #expect(!runA.stdout.contains(#""type":"countdown""#) && !runB.stdout.contains(#""type":"countdown""#))
    }

    @Test("invite -> timeout -> a late accept is refused on the joiner's side and the host ends without a run")
    func inviteTimeoutLateAccept() async throws {
        let binary = try BuildProducts.materunner()
        let (portA, portB) = (try freeUDPPort(), try freeUDPPort())
        // Bob waits 40 s: with every suite on 2 cores, alice's invitation once had not come within 10 s.
        let bob = try ProcessRun.Handle(binary, ["run", "--name", "bob", "--join", "--port", "\(portB)", "--frontend", "json",
            "--wait", "40"], input: true)
        let alice = try ProcessRun.Handle(binary, ["run", "--name", "alice", "--invite", "bob", "--invite-timeout", "1",
            "--port", "\(portA)", "--peer", "127.0.0.1:\(portB)", "--frontend", "json", "--wait", "30"])
        let invitation = try #require(await bob.waitForJSON(type: "invitation", timeout: 30)?["invitation"] as? [String: Any])
        let id = try #require(invitation["id"] as? String)
        let runA = await alice.wait(timeout: 30)
        #expect(runA.status == 1 && runA.stderr.contains("bob did not answer within 1 s"), "\(runA.stderr)")
        bob.send(#"{"type":"accept","invitation":"\#(id)"}"#)
        // The joiner's screen says the invitation expired (on its own clock, or when the host said so), and
        // an accept after that is not sent: "nothing to accept: the invitation from alice expired".
        let refused = await bob.waitForJSON(type: "notice", timeout: 10) {
            ($0["message"] as? String)?.contains("the invitation from alice expired") == true
        }
        #expect(refused != nil)
        let runB = await bob.wait(timeout: 60)
        #expect(runB.status == 1)
        #expect(!runB.stdout.contains(#""type":"countdown""#))
    }

    @Test("the host cancels its invitation with Ctrl-C: the joiner is told, and accepting it then is refused")
    func hostCancelsInvitation() async throws {
        let binary = try BuildProducts.materunner()
        let (portA, portB) = (try freeUDPPort(), try freeUDPPort())
        // Bob waits 50 s: on a loaded machine the cancel and his refused accept must come before his wait ends
        // (with every suite running on 2 cores, alice's withdrawal once came 16 s after her invitation, and
        // the accept after bob's 25 s were over).
        let bob = try ProcessRun.Handle(binary, ["run", "--name", "bob", "--join", "--port", "\(portB)", "--frontend", "json",
            "--wait", "50", "--log-level", "info"], input: true)
        let alice = try ProcessRun.Handle(binary, ["run", "--name", "alice", "--invite", "bob", "--invite-timeout", "60",
            "--port", "\(portA)", "--peer", "127.0.0.1:\(portB)", "--frontend", "json", "--wait", "30"])
        let invitation = try #require(await bob.waitForJSON(type: "invitation", timeout: 30)?["invitation"] as? [String: Any])
        let id = try #require(invitation["id"] as? String)
        kill(alice.process.processIdentifier, SIGINT)
        let runA = await alice.wait(timeout: 30)
        #expect(runA.status == 1 && runA.stderr.contains("the invitation was cancelled"), "\(runA.status) \(runA.stderr)")
        let told = await bob.waitForJSON(type: "notice", timeout: 10) { ($0["message"] as? String)?.contains("withdrew") == true }
        #expect(told?["message"] as? String == "alice withdrew the invitation")
        bob.send(#"{"type":"accept","invitation":"\#(id)"}"#)
        let runB = await bob.wait(timeout: 90)
        #expect(runB.status == 1)
        #expect(Self.notices(try runB.jsonLines()).contains("nothing to accept: the invitation from alice was withdrawn"), "\(runB.stdout)")
        #expect(!runB.stdout.contains(#""type":"countdown""#))
    }

    @Test("cancel mid-race: the mate is told and finishes alone; cheers arrive and are recorded")
    func cancelAndCheer() async throws {
        let binary = try BuildProducts.materunner()
        let (portA, portB) = (try freeUDPPort(), try freeUDPPort())
        let homes = try await PairedHomes(host: "alice", joiners: ["bob"])
        let bob = try ProcessRun.Handle(binary, ["run", "--name", "bob", "--join", "--accept-from", "alice", "--port", "\(portB)",
            "--pace", "6:00", "--seed", "2", "--frontend", "json", "--speedup", "10", "--wait", "30"], environment: homes.environment("bob"), input: true)
        let alice = try ProcessRun.Handle(binary, ["run", "--name", "alice", "--invite", "bob", "--goal", "0.3", "--port", "\(portA)",
            "--peer", "127.0.0.1:\(portB)", "--pace", "5:00", "--seed", "1", "--frontend", "json", "--speedup", "10", "--wait", "30"],
            environment: homes.environment("alice"))
        // Once bob has run a little: a cheer for every mate, then a confirmed cancel.
        let running = await bob.waitForJSON(type: "status", timeout: 60) { ($0["elapsed_s"] as? Double ?? 0) > 10 }
        try #require(running != nil, "bob never ran: \(bob.output.suffix(500))")
        bob.send(#"{"type":"cheer","emoji":"👏"}"#)
        let cheer = await alice.waitForJSON(type: "cheer", timeout: 20)
        #expect((cheer?["cheer"] as? [String: Any])?["from"] as? String == "bob")
        #expect((cheer?["cheer"] as? [String: Any])?["emoji"] as? String == "👏")
        bob.send(#"{"type":"cancel"}"#)
        let (runA, runB) = (await alice.wait(timeout: 90), await bob.wait(timeout: 60))
        #expect(runA.status == 0 && runB.status == 0, "\(runA.stderr)\n\(runB.stderr)")
        let linesA = try runA.jsonLines()
        #expect(Self.notices(linesA).contains("bob cancelled"))
        #expect(Self.notices(try runB.jsonLines()).contains("you cancelled"))
        let result = try RaceResult(lines: linesA)
        #expect(result.winner == "alice")
        #expect(result.entries.first { $0.name == "bob" }?.state == "cancelled", "\(result)")

        let recordA = try #require(try await RecordsEndToEndTests.records(alice.dataHome.appendingPathComponent("materunner")).first)
        let recordB = try #require(try await RecordsEndToEndTests.records(bob.dataHome.appendingPathComponent("materunner")).first)
        #expect(recordA["status"] as? String == "finished")
        #expect(recordB["status"] as? String == "cancelled")
        #expect(recordA["cheers_received"] as? Int == 1, "\(recordA)")
    }

    @Test("a team run of three, started by invitation: the same team result on every peer")
    func teamOfThree() async throws {
        let binary = try BuildProducts.materunner()
        let (portA, portB, portC) = (try freeUDPPort(), try freeUDPPort(), try freeUDPPort())
        let homes = try await PairedHomes(host: "alice", joiners: ["bob", "carol"])
        let joiners = try [("bob", portB, "5:40", "2"), ("carol", portC, "6:10", "3")].map { name, port, pace, seed in
            try ProcessRun.Handle(binary, ["run", "--name", name, "--join", "--accept-from", "alice", "--port", "\(port)",
                "--pace", pace, "--seed", seed] + Self.common, environment: homes.environment(name))
        }
        let alice = try ProcessRun.Handle(binary, ["run", "--name", "alice", "--invite", "bob,carol", "--mode", "team", "--goal", "0.5",
            "--port", "\(portA)", "--peer", "127.0.0.1:\(portB)", "--peer", "127.0.0.1:\(portC)", "--pace", "5:00", "--seed", "1"]
            + Self.common, environment: homes.environment("alice"))
        var runs = [await alice.wait(timeout: 120)]
        for joiner in joiners { runs.append(await joiner.wait(timeout: 60)) }
        for run in runs { #expect(run.status == 0 && !run.timedOut, "exit \(run.status): \(run.stderr)") }
        let results = try runs.map { try RaceResult(lines: $0.jsonLines()) }
        #expect(results[0] == results[1] && results[1] == results[2], "\(results)")
        #expect(results[0].entries.map(\.name).sorted() == ["alice", "bob", "carol"])
        for run in runs {
            let result = try #require(try run.jsonLines().last { $0["type"] as? String == "result" })
            #expect(result["mode"] as? String == "team")
        }
    }

    @Test("a spectator (materunner watch) sees the race live and ends with the same result, without being in it")
    func spectator() async throws {
        let binary = try BuildProducts.materunner()
        let (portA, portB) = (try freeUDPPort(), try freeUDPPort())
        // With a race key given to everyone, an invited race keeps it and a spectator holding it watches
        // without pairing (the paired way, with no key file, is the next test).
        let homes = try await PairedHomes(host: "alice", joiners: ["bob"])
        let key = ["--race-key", "spectators welcome"]
        let watcher = try ProcessRun.Handle(binary, ["watch", "--name", "screen", "--peer", "127.0.0.1:\(portA)",
            "--peer", "127.0.0.1:\(portB)", "--frontend", "json", "--speedup", "25", "--wait", "30"] + key)
        let bob = try ProcessRun.Handle(binary, ["run", "--name", "bob", "--join", "--accept-from", "alice", "--port", "\(portB)",
            "--pace", "5:40", "--seed", "2"] + Self.common + key, environment: homes.environment("bob"))
        let alice = try ProcessRun.Handle(binary, ["run", "--name", "alice", "--invite", "bob", "--goal", "0.2",
            "--port", "\(portA)", "--peer", "127.0.0.1:\(portB)", "--pace", "5:00", "--seed", "1"] + Self.common + key,
            environment: homes.environment("alice"))
        let runs = [await alice.wait(timeout: 90), await bob.wait(timeout: 90), await watcher.wait(timeout: 60)]
        try expectWatchedRace(runs, names: ["alice", "bob"])
    }

    @Test("a spectator paired with the host follows an invited race to its result with no key file; an unpaired one is told to pair")
    func pairedSpectator() async throws {
        let binary = try BuildProducts.materunner()
        let (portA, portB) = (try freeUDPPort(), try freeUDPPort())
        // carol's device is paired with alice's both ways (materunner mates add); dave's with nobody.
        let homes = try await PairedHomes(host: "alice", joiners: ["bob", "carol"])
        let peers = ["--peer", "127.0.0.1:\(portA)", "--peer", "127.0.0.1:\(portB)", "--frontend", "json", "--speedup", "25"]
        let carol = try ProcessRun.Handle(binary, ["watch", "--name", "screen", "--wait", "30", "--log-level", "info"] + peers,
            environment: homes.environment("carol"))
        let dave = try ProcessRun.Handle(binary, ["watch", "--name", "stranger", "--wait", "12"] + peers)
        let bob = try ProcessRun.Handle(binary, ["run", "--name", "bob", "--join", "--accept-from", "alice", "--port", "\(portB)",
            "--pace", "5:40", "--seed", "2", "--log-level", "info"] + Self.common, environment: homes.environment("bob"))
        let alice = try ProcessRun.Handle(binary, ["run", "--name", "alice", "--invite", "bob", "--goal", "0.2",
            "--port", "\(portA)", "--peer", "127.0.0.1:\(portB)", "--pace", "5:00", "--seed", "1", "--log-level", "info"] + Self.common,
            environment: homes.environment("alice"))
        let runs = [await alice.wait(timeout: 90), await bob.wait(timeout: 90), await carol.wait(timeout: 60)]
        for run in runs { #expect(run.status == 0 && !run.timedOut, "exit \(run.status): \(run.stderr)") }
        let results = try runs.map { try RaceResult(lines: $0.jsonLines()) }
        #expect(results[2] == results[0] && results[0] == results[1], "\(results)")
        #expect(results[2].entries.map(\.name).sorted() == ["alice", "bob"])
        for run in runs.prefix(2) {
            #expect(run.stderr.contains("keyed with the race key and race id from the pairing exchange"), "\(run.stderr)")
        }
        let statuses = try runs[2].jsonLines().filter { $0["type"] as? String == "status" }
        #expect(statuses.count > 5, "the spectator saw the race only at the end")
        #expect(!runs[2].stdout.contains("not paired with any runner"), "bob refused carol, but alice admitted her")
        // alice counted the stranger's requests as refused (her log's drop totals at the end).
        #expect(runs[0].stderr.contains("watch-not-paired"), "\(runs[0].stderr)")
        let refused = await dave.wait(timeout: 60)
        #expect(refused.status == 1 && !refused.timedOut, "exit \(refused.status): \(refused.stderr)")
        let notices = try refused.jsonLines().filter { $0["type"] as? String == "notice" }.compactMap { $0["message"] as? String }
        #expect(notices.contains { $0.hasPrefix("not paired with any runner of this race: on a runner's device run `materunner mates add") }, "\(notices)")
        #expect(try refused.jsonLines().allSatisfy { $0["type"] as? String != "result" })
    }
}
