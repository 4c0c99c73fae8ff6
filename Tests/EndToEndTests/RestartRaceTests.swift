import Foundation
import MateRunnerTesting
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// A peer killed mid-race (SIGKILL) and restarted with the same runner id, port and name catches up
/// from its mate (docs/PROTOCOL.md, "Restart and catch-up"): both JSON streams end with the same result,
/// and the restarted runner's distance goes on from where it was.
@Suite("End to end: restart mid-race", .serialized)
struct RestartRaceTests {
    /// Our own runner's distance in a status frame, if the frame has one.
    private static func ownDistance(_ line: [String: Any]) -> Double? {
        ((line["runners"] as? [[String: Any]]) ?? []).first { $0["me"] as? Bool == true }?["distance_m"] as? Double
    }

    private static func lines(of url: URL) -> [[String: Any]] {
        let text = (try? String(contentsOf: url, encoding: .utf8)) ?? ""
        return text.split(separator: "\n").compactMap { line in
            (try? JSONSerialization.jsonObject(with: Data(line.utf8))) as? [String: Any]
        }
    }

    /// Polls `condition` every 20 ms on a thread of its own (not the test pool, which a busy suite may
    /// keep waiting) until it is false or `seconds` have passed.
    private static func waitWhile(seconds: Double, _ condition: @escaping @Sendable () -> Bool) async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            Thread.detachNewThread {
                let deadline = Date().addingTimeInterval(seconds)
                while condition(), Date() < deadline { usleep(20_000) }
                continuation.resume()
            }
        }
    }

    @Test("killed with SIGKILL at about 80 m and restarted: the same result on both peers", arguments: [true, false])
    func killAndRestart(keyed: Bool) async throws {
        let (portA, portB) = (try freeUDPPort(), try freeUDPPort())
        let key = keyed ? ["--race-key", "restart test"] : []
        // alice at 20:00 /km (36 s of real time), 30:00 with a race key (54 s): the restarted bob stretches the
        // passphrase again (scrypt, 2 s in a debug build alone, 27 s seen in a fresh-clone CI run with every
        // end-to-end suite on 2 cores, when alice at 20:00 was gone before he listened) and must find her running.
        let common = ["--goal", "0.3", "--speedup", "10", "--frontend", "json", "--wait", "30", "--log-level", "info"] + key
        try await Self.killBobAndRestart(
            alice: ["run", "--name", "alice", "--id", "a1a1a1a1", "--port", "\(portA)", "--peer", "127.0.0.1:\(portB)",
                    "--pace", keyed ? "30:00" : "20:00", "--seed", "1"] + common,
            bob: ["run", "--name", "bob", "--id", "b0b0b0b0", "--port", "\(portB)", "--peer", "127.0.0.1:\(portA)",
                  "--pace", "7:00", "--seed", "2"] + common
        )
    }

    @Test("an open race: forged relays say the restarted bob finished in 00:01 at 1 km, with numbers near 2^31; he resumes from his own kept state and both peers end with the same result as without them")
    func forgedRelaysAtRestart() async throws {
        let (portA, portB) = (try freeUDPPort(), try freeUDPPort())
        let common = ["--goal", "0.3", "--speedup", "10", "--frontend", "json", "--wait", "30", "--log-level", "info"]
        try await Self.killBobAndRestart(
            alice: ["run", "--name", "alice", "--id", "a1a1a1a1", "--port", "\(portA)", "--peer", "127.0.0.1:\(portB)",
                    "--pace", "20:00", "--seed", "1"] + common,
            bob: ["run", "--name", "bob", "--id", "b0b0b0b0", "--port", "\(portB)", "--peer", "127.0.0.1:\(portA)",
                  "--pace", "7:00", "--seed", "2"] + common,
            attack: { _ in
                // Bounded: 20 datagrams, 100 ms apart, from a socket of the test's own on loopback, as alice's
                // id and as a stranger's.
                let forged = (0..<20).map { index in
                    Self.relay(sender: index.isMultiple(of: 2) ? 0xA1A1_A1A1 : 0xEE, sequence: 50_000 + UInt32(index), subject: 0xB0B0_B0B0)
                }
                try await sendFromLoopback(forged, to: portB, spacing: .milliseconds(100))
            }
        )
    }

    /// A relayed state (type 11, version 2, open race) from `sender` saying `subject` finished 1 km in
    /// 1 s, its numbers near 2^31.
    static func relay(sender: UInt64, sequence: UInt32, subject: UInt64) -> [UInt8] {
        func bytes<T: FixedWidthInteger>(_ value: T) -> [UInt8] { withUnsafeBytes(of: value.bigEndian) { Array($0) } }
        let header = [0x4D, 0x52, 2, 0xB0] + bytes(sender) + bytes(sequence)
        // subject, highest, held, state (finished), elapsed 1 s, distance 1 km, finish 1 s.
        return header + bytes(subject) + bytes(UInt32(0x7FFF_FFF0)) + bytes(UInt32(0x7FFF_FFEF)) + [2]
            + bytes(UInt32(1_000)) + bytes(UInt32(100_000)) + bytes(UInt32(1_000))
    }

    @Test("an invited race (keyed by its pairing, no key file): bob killed at about 80 m and restarted with the same --id rejoins from what his data directory kept; the same result on both, the kept race removed at the end")
    func invitedKillAndRestart() async throws {
        let (portA, portB) = (try freeUDPPort(), try freeUDPPort())
        let homes = try await PairedHomes(host: "alice", joiners: ["bob"])
        let common = ["--speedup", "10", "--frontend", "json", "--wait", "30", "--log-level", "info"]
        try await Self.killBobAndRestart(
            alice: ["run", "--name", "alice", "--id", "a1a1a1a1", "--invite", "bob", "--goal", "0.3", "--port", "\(portA)",
                    "--peer", "127.0.0.1:\(portB)", "--pace", "9:00", "--seed", "1"] + common,
            bob: ["run", "--name", "bob", "--id", "b0b0b0b0", "--join", "--accept-from", "alice", "--port", "\(portB)",
                  "--peer", "127.0.0.1:\(portA)", "--pace", "7:00", "--seed", "2"] + common,
            homes: homes
        ) { killed, restarted in
            #expect(killed.stderr.contains("keyed with the race key and race id from the pairing exchange"), "\(killed.stderr)")
            #expect(restarted.stderr.contains("rejoining the invited race bob was in"), "\(restarted.stderr)")
        }
        // Each runner's kept race is gone once its run ended.
        for name in ["alice", "bob"] {
            let folder = URL(fileURLWithPath: try #require(homes.environment(name)["XDG_DATA_HOME"])).appendingPathComponent("materunner")
            let kept = ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []).filter { $0.hasPrefix("invited-race-") }
            #expect(kept.isEmpty, "\(name): \(kept)")
        }
    }

    @Test("an invited course race: bob, who fetched alice's course, killed at about 80 m and restarted rejoins on the course kept in his data directory, without asking alice")
    func invitedCourseKillAndRestart() async throws {
        let (portA, portB) = (try freeUDPPort(), try freeUDPPort())
        let homes = try await PairedHomes(host: "alice", joiners: ["bob"])
        let course = homes.dataHome("alice").appendingPathComponent("lake.gpx")
        try FileManager.default.createDirectory(at: homes.dataHome("alice"), withIntermediateDirectories: true)
        try Data(CourseInvitationEndToEndTests.route(name: "Lake loop").utf8).write(to: course)
        let common = ["--speedup", "10", "--frontend", "json", "--wait", "30", "--log-level", "info"]
        try await Self.killBobAndRestart(
            alice: ["run", "--name", "alice", "--id", "a1a1a1a1", "--invite", "bob", "--course", course.path, "--goal", "0.3",
                    "--port", "\(portA)", "--peer", "127.0.0.1:\(portB)", "--pace", "9:00", "--seed", "1"] + common,
            bob: ["run", "--name", "bob", "--id", "b0b0b0b0", "--join", "--accept-from", "alice", "--port", "\(portB)",
                  "--peer", "127.0.0.1:\(portA)", "--pace", "7:00", "--seed", "2"] + common,
            homes: homes
        ) { killed, restarted in
            let notices = { (run: ProcessRun) in
                ((try? run.jsonLines()) ?? []).filter { $0["type"] as? String == "notice" }.compactMap { $0["message"] as? String }
            }
            #expect(notices(killed).contains { $0.hasPrefix("course lake.gpx (Lake loop) fetched from alice") }, "\(notices(killed))")
            #expect(restarted.stderr.contains("rejoining the invited race bob was in"), "\(restarted.stderr)")
            #expect(notices(restarted).contains("course lake.gpx (Lake loop) kept on this device from an earlier fetch"), "\(notices(restarted))")
            #expect(!notices(restarted).contains { $0.contains("fetching") })
            let shown = ((try? restarted.jsonLines()) ?? []).first { $0["type"] as? String == "course" }?["course"] as? [String: Any]
            #expect(shown?["file"] as? String == "lake.gpx" && shown?["name"] as? String == "Lake loop", "\(String(describing: shown))")
        }
    }

    /// Alice (slow) and bob race; bob is killed at about 80 m and started again with the same arguments;
    /// both must end with the same result, bob never going back below where he was. `check` looks at bob's
    /// killed and restarted runs.
    private static func killBobAndRestart(
        alice aliceArguments: [String], bob bobArguments: [String], homes: PairedHomes? = nil,
        check: (ProcessRun, ProcessRun) throws -> Void = { _, _ in },
        attack: ((ProcessRun.Handle) async throws -> Void)? = nil
    ) async throws {
        let binary = try BuildProducts.materunner()
        // Bob's device keeps one data directory across the restart: his own state and numbers are in it.
        let bobHome = FileManager.default.temporaryDirectory.appendingPathComponent("restart-bob-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: bobHome) }
        let environment = { (name: String) in homes?.environment(name) ?? (name == "bob" ? ["XDG_DATA_HOME": bobHome.path] : [:]) }
        // alice is slow (9:00 /km or slower, 16 s of real time for 0.3 km): she is still running when bob comes back,
        // however long a loaded machine takes to restart him. Bob (7:00 /km) passes 80 m after about 3.4 s
        // and would finish after 12.6 s: a wide window for the kill, even when a busy machine shows his
        // frames late.
        let bob = try ProcessRun.Handle(binary, bobArguments, environment: environment("bob"))
        let alice = try ProcessRun.Handle(binary, aliceArguments, environment: environment("alice"))

        // Bob runs until about 80 m, then dies without a word. Watched from a thread of its own, so that a
        // busy test pool cannot make us miss the moment (bounded: at most 60 s of real time: in one full run
        // of every end-to-end suite on 2 cores bob had not shown 80 m after 30 s).
        await Self.waitWhile(seconds: 60) {
            bob.process.isRunning && (Self.lines(of: bob.stdoutURL).compactMap(Self.ownDistance).max() ?? 0) < 80
        }
        #expect(bob.process.isRunning, "bob ended before he could be killed")
        kill(bob.process.processIdentifier, SIGKILL)
        var before: Double = 0
        let killed = await bob.wait(timeout: 10)
        #expect(killed.status == SIGKILL)
        before = (try? killed.jsonLines())?.compactMap(Self.ownDistance).max() ?? before
        #expect(before >= 80 && before < 300, "bob's distance when killed: \(before) m")

        // What bob's killed process kept of its own race.
        let folder = URL(fileURLWithPath: environment("bob")["XDG_DATA_HOME"] ?? "").appendingPathComponent("materunner")
        let keptFiles = { ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []).filter { $0.hasPrefix("own-state-") } }
        #expect(keptFiles() == ["own-state-00000000b0b0b0b0.json"], "\(keptFiles())")

        // The same bob again: same id, port, name and data directory.
        let restarted = try ProcessRun.Handle(binary, bobArguments, environment: environment("bob"))
        if let attack { try await attack(restarted) }
        let runs = [await alice.wait(timeout: 150), await restarted.wait(timeout: 150)]
        for run in runs {
            #expect(!run.timedOut, "the run did not end by itself: \(run.stderr)")
            #expect(run.status == 0, "exit \(run.status): \(run.stderr)")
        }
        try check(killed, runs[1])
        // He resumed from his own kept state; alice's relays of his state were refused, never adopted.
        #expect(runs[1].stderr.contains("found the state this runner (00000000b0b0b0b0) kept before a restart"), "\(runs[1].stderr)")
        #expect(runs[1].stderr.contains("relay-ignored"), "\(runs[1].stderr)")
        #expect(keptFiles().isEmpty, "removed when the run ended: \(keptFiles())")
        let (resultA, resultB) = (try RaceResult(lines: runs[0].jsonLines()), try RaceResult(lines: runs[1].jsonLines()))
        #expect(resultA == resultB)
        #expect(resultA.entries.map(\.name).sorted() == ["alice", "bob"])
        for entry in resultA.entries {
            #expect(entry.state == "finished", "\(resultA)")
            #expect(entry.distanceMetres >= 300 && entry.distanceMetres < 330, "\(entry)")
        }
        // The restarted bob never showed less than he had run before the kill once he had it back, and
        // ended above it.
        let after = try runs[1].jsonLines().compactMap(Self.ownDistance)
        #expect(after.drop { $0 < before }.allSatisfy { $0 >= before })
        #expect((after.last ?? 0) >= before)
    }
}
