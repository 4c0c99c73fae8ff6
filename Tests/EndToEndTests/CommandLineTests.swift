import MateRunnerTesting
import Foundation
import Testing

/// The binary's answers to bad input and to a missing daemon: a clear message and the right exit code.
@Suite("End to end: command line errors")
struct CommandLineTests {
    @Test("a goal out of range is a usage error saying why", arguments: [
        ("0", "not more than 0"), ("-3", "not more than 0"), ("1000.5", "longer than 1000 km"), ("2.345", "more than 2 decimals"),
    ])
    func badGoal(goal: String, reason: String) async throws {
        let run = try await ProcessRun.run(try BuildProducts.materunner(), ["run", "--name", "a", "--goal=\(goal)", "--peer", "127.0.0.1:9"])
        #expect(run.status == 64)
        #expect(run.stderr.contains(reason), "\(run.stderr)")
        #expect(run.stdout.isEmpty)
        // One house style for every error: the parser's own "Error:" is not shown beside it.
        #expect(run.stderr.hasPrefix("materunner: error: ") && !run.stderr.contains("Error:"), "\(run.stderr)")
        #expect(run.stderr.contains("Usage: materunner run"), "the usage lines are kept: \(run.stderr)")
    }

    @Test("a weight out of range is a usage error naming the range")
    func badWeight() async throws {
        let run = try await ProcessRun.run(try BuildProducts.materunner(), ["run", "--name", "a", "--weight", "500", "--peer", "127.0.0.1:9"])
        #expect(run.status == 64)
        #expect(run.stderr.contains("300"), "\(run.stderr)")
    }

    @Test("a bad --peer is a usage error showing the expected form")
    func badPeer() async throws {
        let run = try await ProcessRun.run(try BuildProducts.materunner(), ["run", "--name", "a", "--peer", "localhost"])
        #expect(run.status == 64)
        #expect(run.stderr.contains("is not HOST:PORT"), "\(run.stderr)")
    }

    @Test("a front-end that does not exist is a usage error naming the file")
    func missingFrontEnd() async throws {
        let run = try await ProcessRun.run(
            try BuildProducts.materunner(), ["run", "--name", "a", "--peer", "127.0.0.1:9", "--frontend", "/nonexistent/libNope.so"]
        )
        #expect(run.status == 64)
        #expect(run.stderr.contains("/nonexistent/libNope.so"), "\(run.stderr)")
    }

    @Test("--frontend-option: malformed, for a front-end not loaded, or a key the front-end lacks: exit 64 saying which", arguments: [
        (["--frontend-option", "web"], "write it as NAME.KEY=VALUE"),
        (["--frontend-option", "web.listen=0.0.0.0:8047"], "no front-end named web is loaded"),
        (["--frontend-option", "json.pretty=1"], "--frontend-option json.pretty=1: the json front-end has no options"),
    ])
    func frontEndOptionErrors(arguments: [String], message: String) async throws {
        let run = try await ProcessRun.run(try BuildProducts.materunner(), ["demo", "--frontend", "json"] + arguments)
        #expect(run.status == 64)
        #expect(run.stderr.contains(message), "\(run.stderr)")
        #expect(run.stdout.isEmpty)
    }

    @Test("an unknown front-end name lists where it looked")
    func unknownFrontEndName() async throws {
        let run = try await ProcessRun.run(
            try BuildProducts.materunner(), ["run", "--name", "a", "--peer", "127.0.0.1:9", "--frontend", "hologram"]
        )
        #expect(run.status == 64)
        #expect(run.stderr.contains("front-end 'hologram' not found"), "\(run.stderr)")
        #expect(run.stderr.contains("MATERUNNER_FRONTEND_PATH"))
    }

    /// This machine's own namespace has no avahi-daemon (tests never start one there).
    @Test("without avahi-daemon and without --peer: one clear message with the fix, no hang")
    func noDaemon() async throws {
        let port = try freeUDPPort()
        let run = try await ProcessRun.run(
            try BuildProducts.materunner(), ["run", "--name", "a", "--port", "\(port)", "--frontend", "json"], timeout: 30
        )
        #expect(!run.timedOut)
        #expect(run.status == 69)
        // One plain line, no log stamp, with both ways out: start the daemon, or name the mates.
        #expect(run.stderr == "materunner: error: avahi-daemon is not running (DNS-SD error -65537): start it "
            + "(sudo systemctl start avahi-daemon), or pass --peer HOST:PORT for each mate\n", "\(run.stderr)")
    }

    @Test("peers without avahi-daemon: one clear message with the fix (not --peer, which peers has not), exit 69, no hang",
          arguments: [["peers"], ["peers", "--watch", "--json"]])
    func peersWithoutDaemon(arguments: [String]) async throws {
        let run = try await ProcessRun.run(try BuildProducts.materunner(), arguments, timeout: 30)
        #expect(!run.timedOut)
        #expect(run.status == 69)
        #expect(run.stderr.hasPrefix("materunner: error: avahi-daemon is not running"), "\(run.stderr)")
        #expect(!run.stderr.contains("--peer"))
        #expect(run.stdout.isEmpty)
    }

    @Test("a bad --source is a usage error listing the forms; a missing file says which")
    func badSource() async throws {
        let bad = try await ProcessRun.run(try BuildProducts.materunner(), ["run", "--name", "a", "--mates", "0", "--source", "gps"])
        #expect(bad.status == 64)
        #expect(bad.stderr.contains("gpsd[:HOST:PORT]"), "\(bad.stderr)")
        let missing = try await ProcessRun.run(
            try BuildProducts.materunner(), ["run", "--name", "a", "--mates", "0", "--port", "0", "--source", "gpx:/nonexistent.gpx"]
        )
        #expect(missing.status == 66)
        #expect(missing.stderr == "materunner: error: there is no file /nonexistent.gpx: check the path, or use --source sim\n", "\(missing.stderr)")
    }

    @Test("watch --owntracks-publish: a prefix with a wildcard, or no --broker, is a usage error saying what to give")
    func watchPublishing() async throws {
        let binary = try BuildProducts.materunner()
        let wildcard = try await ProcessRun.run(
            binary, ["watch", "--peer", "127.0.0.1:9", "--owntracks-publish", "owntracks/#"])
        #expect(wildcard.status == 64)
        #expect(wildcard.stderr.contains("give 1 to 4 topic levels without + or #"), "\(wildcard.stderr)")
        let noBroker = try await ProcessRun.run(
            binary, ["watch", "--peer", "127.0.0.1:9", "--owntracks-publish", "owntracks/club"])
        #expect(noBroker.status == 64)
        #expect(noBroker.stderr.contains("--owntracks-publish goes through an MQTT broker"), "\(noBroker.stderr)")
    }

    @Test("a run alone replaying a GPX track (--source gpx:FILE:x20) finishes with the track's distance")
    func gpxRun() async throws {
        let track = Fixtures.url("track-with-empty-segment.gpx").path
        let run = try await ProcessRun.run(
            try BuildProducts.materunner(),
            ["run", "--name", "solo", "--mates", "0", "--goal", "0.08", "--port", "0", "--source", "gpx:\(track):x20", "--frontend", "json"]
        )
        #expect(run.status == 0, "\(run.stderr)")
        let result = try RaceResult(lines: try run.jsonLines())
        #expect(result.winner == "solo")
    }

    @Test("a run alone (--mates 0) finishes by itself and reports the result")
    func singleRun() async throws {
        let port = try freeUDPPort()
        let run = try await ProcessRun.run(
            try BuildProducts.materunner(),
            ["run", "--name", "solo", "--mates", "0", "--goal", "0.2", "--speedup", "50", "--port", "\(port)", "--frontend", "json"]
        )
        #expect(run.status == 0, "\(run.stderr)")
        let result = try RaceResult(lines: try run.jsonLines())
        #expect(result.winner == "solo")
        #expect(result.entries.count == 1)
    }

    @Test("the demo runs two runners over loopback to a result")
    func demo() async throws {
        let run = try await ProcessRun.run(
            try BuildProducts.materunner(), ["demo", "--goal", "0.2", "--speedup", "50", "--frontend", "json"]
        )
        #expect(run.status == 0, "\(run.stderr)")
        let result = try RaceResult(lines: try run.jsonLines())
        #expect(result.entries.map(\.name).sorted() == ["alice", "bob"])
        #expect(result.winner != nil)
    }

    @Test("a mate that never answers ends the run after --wait with exit 1 and what to check")
    func mateNeverAnswers() async throws {
        let (port, silent) = (try freeUDPPort(), try freeUDPPort())
        let run = try await ProcessRun.run(
            try BuildProducts.materunner(),
            ["run", "--name", "a", "--port", "\(port)", "--peer", "127.0.0.1:\(silent)", "--wait", "1", "--frontend", "json"],
            timeout: 30
        )
        #expect(run.status == 1)
        // One plain line, not a timestamped log line.
        #expect(run.stderr.hasPrefix("materunner: error: heard from 0 of 1 mate(s)"), "\(run.stderr)")
        #expect(!run.stderr.contains(" error materunner:"), "\(run.stderr)")
        let lines = try run.jsonLines()
        #expect(lines.last?["type"] as? String == "notice")
        #expect(lines.last?["level"] as? String == "error")
    }

    @Test("Ctrl-C (SIGINT) stops the run cleanly: a result saying it stopped, exit 130 as a shell reports Ctrl-C")
    func interrupt() async throws {
        let (port, silent) = (try freeUDPPort(), try freeUDPPort())
        let handle = try ProcessRun.Handle(
            try BuildProducts.materunner(),
            ["run", "--name", "a", "--port", "\(port)", "--peer", "127.0.0.1:\(silent)", "--frontend", "json"]
        )
        // Wait (bounded) until it shows its first frame, then interrupt it.
        for _ in 0..<200 where ((try? String(contentsOf: handle.stdoutURL, encoding: .utf8)) ?? "").isEmpty {
            try await Task.sleep(for: .milliseconds(50))
        }
        kill(handle.process.processIdentifier, SIGINT)
        let run = await handle.wait(timeout: 30)
        #expect(!run.timedOut)
        #expect(run.status == 130, "\(run.stderr)")
        let lines = try run.jsonLines()
        // Every run shown ends with a result frame, a stopped one too, saying so.
        #expect(lines.last?["type"] as? String == "result")
        #expect((lines.last?["message"] as? String)?.hasPrefix("run stopped") == true, "\(String(describing: lines.last))")
    }
}
