import Foundation
import MateRunnerTesting
import Testing

/// Race keys end to end: two real processes on loopback with the same key (from a file and from the
/// environment) race to one result; with different keys they never hear each other, and say why.
@Suite("End to end: race key")
struct KeyedRaceTests {
    private func keyFile(_ passphrase: String) throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("materunner-key-\(UUID().uuidString)")
        try Data((passphrase + "\n").utf8).write(to: url)
        return url
    }

    @Test("the same key from a file and from MATERUNNER_RACE_KEY: one result, and no open-race notice")
    func sameKey() async throws {
        let binary = try BuildProducts.materunner()
        let (portA, portB) = (try freeUDPPort(), try freeUDPPort())
        let file = try keyFile("lake run at dawn")
        defer { try? FileManager.default.removeItem(at: file) }
        let common = ["--goal", "0.2", "--speedup", "25", "--frontend", "json", "--wait", "30"]
        let alice = try ProcessRun.Handle(binary, ["run", "--name", "alice", "--port", "\(portA)",
            "--peer", "127.0.0.1:\(portB)", "--pace", "5:00", "--seed", "1", "--race-key-file", file.path] + common)
        let bob = try ProcessRun.Handle(binary, ["run", "--name", "bob", "--port", "\(portB)",
            "--peer", "127.0.0.1:\(portA)", "--pace", "5:40", "--seed", "2"] + common,
            environment: ["MATERUNNER_RACE_KEY": "lake run at dawn"])
        let runs = [await alice.wait(timeout: 90), await bob.wait(timeout: 90)]
        for run in runs {
            #expect(run.status == 0, "exit \(run.status): \(run.stderr)")
            #expect(!run.stdout.contains("open race"))
        }
        #expect(try RaceResult(lines: runs[0].jsonLines()) == RaceResult(lines: runs[1].jsonLines()))
    }

    @Test("different keys: nobody is heard, the run ends after --wait, and stderr says to check the key")
    func differentKeys() async throws {
        let binary = try BuildProducts.materunner()
        let (portA, portB) = (try freeUDPPort(), try freeUDPPort())
        // --wait 20: each process first stretches its key with scrypt (about 2 s in a debug build, 15 s seen with
        // every end-to-end suite running on 2 cores), and each must hear the other's datagrams before its wait ends.
        let common = ["--goal", "0.2", "--speedup", "25", "--frontend", "json", "--wait", "20", "--log-level", "warning"]
        let alice = try ProcessRun.Handle(binary, ["run", "--name", "alice", "--port", "\(portA)",
            "--peer", "127.0.0.1:\(portB)", "--race-key", "one"] + common)
        let bob = try ProcessRun.Handle(binary, ["run", "--name", "bob", "--port", "\(portB)",
            "--peer", "127.0.0.1:\(portA)", "--race-key", "two"] + common)
        // 120 s to end: the key's scrypt alone took over 40 s in a fresh-clone CI run with every suite at once.
        let runs = [await alice.wait(timeout: 120), await bob.wait(timeout: 120)]
        for run in runs {
            #expect(run.status == 1)
            #expect(run.stderr.contains("failed authentication: check every runner uses the same race key and race id (--race-id)"), "\(run.stderr)")
        }
    }

    @Test("the same key with different --race-id: the keys differ, nobody is heard, stderr says to check the key")
    func differentRaceIDs() async throws {
        let binary = try BuildProducts.materunner()
        let (portA, portB) = (try freeUDPPort(), try freeUDPPort())
        let common = ["--goal", "0.2", "--speedup", "25", "--frontend", "json", "--wait", "20", "--log-level", "warning"]
        let key = ["MATERUNNER_RACE_KEY": "lake run at dawn"]
        let alice = try ProcessRun.Handle(binary, ["run", "--name", "alice", "--port", "\(portA)",
            "--peer", "127.0.0.1:\(portB)", "--race-id", "lake"] + common, environment: key)
        let bob = try ProcessRun.Handle(binary, ["run", "--name", "bob", "--port", "\(portB)",
            "--peer", "127.0.0.1:\(portA)", "--race-id", "hill"] + common, environment: key)
        for run in [await alice.wait(timeout: 120), await bob.wait(timeout: 120)] {
            #expect(run.status == 1)
            #expect(run.stderr.contains("failed authentication: check every runner uses the same race key and race id (--race-id)"), "\(run.stderr)")
        }
    }

    @Test("a key file others can read and --race-key: one warning each saying what to do; the run still works")
    func keyWarnings() async throws {
        let binary = try BuildProducts.materunner()
        let file = try keyFile("lake run at dawn")
        defer { try? FileManager.default.removeItem(at: file) }
        let demo = ["demo", "--goal", "0.05", "--speedup", "50", "--frontend", "json", "--race-id", "warnings"]
        try FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: file.path)
        let open = try await ProcessRun.run(binary, demo + ["--race-key-file", file.path])
        #expect(open.status == 0, "\(open.stderr)")
        #expect(open.stderr.contains("the race key file \(file.path) can be read by other users (mode 0644): run chmod 600 \(file.path)"), "\(open.stderr)")
        try FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: file.path)
        let closed = try await ProcessRun.run(binary, demo + ["--race-key-file", file.path])
        #expect(closed.status == 0, "\(closed.stderr)")
        #expect(!closed.stderr.contains("warning"), "\(closed.stderr)")
        let inline = try await ProcessRun.run(binary, demo + ["--race-key", "lake run at dawn"])
        #expect(inline.status == 0, "\(inline.stderr)")
        #expect(inline.stderr.contains("--race-key PASSPHRASE is deprecated"), "\(inline.stderr)")
        #expect(inline.stderr.contains("--race-key-file FILE"), "\(inline.stderr)")
        let badID = try await ProcessRun.run(binary, demo + ["--race-key", "x", "--race-id", ""])
        #expect(badID.status == 64, "\(badID.stderr)")
        #expect(badID.stderr.contains("the race id"), "\(badID.stderr)")
    }

    @Test("an open race with mates says so in a notice frame; a run alone has nobody to keep out and says nothing")
    func openRace() async throws {
        let binary = try BuildProducts.materunner()
        // A mate expected at a port where nobody answers: the run waits 2 s for it, then ends without a result.
        let run = try await ProcessRun.run(
            binary, ["run", "--name", "alice", "--mates", "1", "--peer", "127.0.0.1:9", "--wait", "2", "--port", "0", "--frontend", "json"]
        )
        let notices = try run.jsonLines().filter { $0["type"] as? String == "notice" }
        #expect(notices.first?["message"] as? String == "open race: see --race-key-file", "\(run.stdout)")
        #expect(notices.first?["level"] as? String == "warning")
        let solo = try await ProcessRun.run(
            binary, ["run", "--name", "solo", "--mates", "0", "--port", "0", "--goal", "0.05", "--speedup", "50", "--frontend", "json"]
        )
        #expect(solo.status == 0, "\(solo.stderr)")
        #expect(!solo.stdout.contains("open race"), "\(solo.stdout)")
        #expect(!solo.stderr.contains("open race"), "\(solo.stderr)")
    }

    @Test("--race-key-file with a missing file is a usage error that names the file")
    func missingFile() async throws {
        let run = try await ProcessRun.run(
            try BuildProducts.materunner(), ["demo", "--race-key-file", "/nonexistent/race.key", "--frontend", "json"]
        )
        #expect(run.status != 0)
        #expect(run.stderr.contains("cannot read the race key file /nonexistent/race.key"), "\(run.stderr)")
    }
}
