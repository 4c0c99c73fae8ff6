import Foundation
import MateRunnerTesting
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// Three hosts in network namespaces on a bridge (examples/netns-race.sh): each with its own D-Bus and
/// avahi-daemon, another position source (simulator, GPX replay, gpsd fed by gpsfake), a shared race key,
/// discovery over DNS-SD, and packet faults on the links. Every host must end with the same ranking.
///
/// Alice invites bob and carol by name; bob is killed with SIGKILL mid-race and started again with the
/// same id, and catches up from his mates (MATERUNNER_NETNS_RESTART=0 runs it without the kill).
@Suite("End to end: three hosts, three position sources, faults, over real mDNS in network namespaces")
struct NetnsRaceTests {
    /// How long the script may take before it is stopped: SIGTERM first (its trap removes the namespaces,
    /// links and daemons it made), SIGKILL 20 s later. A run takes 35-50 s here; the script gives up
    /// by itself 90 s after the runners started.
    static let timeout: TimeInterval = 130

    @Test("sim, GPX and gpsd runners discover each other, race under faults and agree on the ranking")
    func threeHostRace() async throws {
        let binary = try BuildProducts.materunner()
        let script = Fixtures.packageRoot.appendingPathComponent("examples/netns-race.sh")
        let output = FileManager.default.temporaryDirectory.appendingPathComponent("materunner-netns-race-\(UUID().uuidString)")
        let restart = ProcessInfo.processInfo.environment["MATERUNNER_NETNS_RESTART"] != "0"
        let handle = try ProcessRun.Handle(
            URL(fileURLWithPath: "/bin/bash"), [script.path, binary.path, output.path],
            environment: ["RESTART": restart ? "1" : "0"]
        )
        let run = await Self.wait(handle, timeout: Self.timeout)
        if run.status == 77 {
            try Test.cancel("skipped: \(run.stderr.trimmingCharacters(in: .whitespacesAndNewlines))")
        }
        func file(_ name: String) -> String {
            (try? String(contentsOf: output.appendingPathComponent(name), encoding: .utf8)) ?? ""
        }
        let names = ["alice", "bob", "carol"]
        let logs = Dictionary(uniqueKeysWithValues: names.map { ($0, file("\($0).err")) })
        #expect(!run.timedOut, "the script was stopped after \(Self.timeout) s: \(run.stderr)")
        #expect(run.status == 0, "script exit \(run.status): \(run.stdout)\n\(run.stderr)\n\(logs.map { "\($0.key): \($0.value.suffix(2000))" }.joined(separator: "\n"))")

        let results = try names.map { name in
            try RaceResult(lines: ProcessRun(status: 0, stdout: file("\(name).json"), stderr: "", timedOut: false).jsonLines())
        }
        // The ranking (names in order, finished or not) is the same on every host.
        let rankings = results.map { $0.entries.map { "\($0.rank). \($0.name) \($0.state)" } }
        #expect(Set(rankings).count == 1, "rankings differ: \(zip(names, rankings).map { "\($0): \($1)" })")
        if !restart {
            // With no restart, everything every peer agrees on is the same (distances, finish times).
            #expect(results[1] == results[0], "alice: \(results[0])\nbob: \(results[1])")
            #expect(results[2] == results[0], "alice: \(results[0])\ncarol: \(results[2])")
        }
        #expect(results[0].entries.map(\.name).sorted() == names)
        #expect(results[0].winner != nil)
        // Every source produced distance: each runner reached the goal (0.3 km).
        for entry in results[0].entries {
            #expect(entry.state == "finished" && entry.distanceMetres >= 300, "\(entry)")
        }
        // Found by DNS-SD, at the namespaces' addresses; carol's positions came from gpsd.
        #expect(logs["alice"]?.contains("found mate carol at 10.250.0.3") == true)
        #expect(logs["carol"]?.contains("found mate bob at 10.250.0.2") == true)
        #expect(logs["carol"]?.contains("connected to gpsd") == true)
        #expect(file("faults.txt").hasPrefix("faults: "), "\(file("faults.txt"))")
        if restart {
            #expect(!file("bob.killed.json").isEmpty, "the victim's first run is kept beside its restart")
        }
        try? FileManager.default.removeItem(at: output)
    }

    /// Waits for the script; past `timeout` sends it SIGTERM so that its own trap cleans up, and only
    /// 20 s later SIGKILL (by pid, through `Handle.wait`).
    static func wait(_ handle: ProcessRun.Handle, timeout: TimeInterval) async -> ProcessRun {
        let deadline = Date().addingTimeInterval(timeout)
        while handle.process.isRunning, Date() < deadline {
            try? await Task.sleep(for: .milliseconds(100))
        }
        guard handle.process.isRunning else { return await handle.wait(timeout: 1) }
        let pid = handle.process.processIdentifier
        kill(pid, SIGTERM)
        let run = await handle.wait(timeout: 20)
        if run.timedOut { removeNamespaces(ofScript: pid) }
        return ProcessRun(status: run.status, stdout: run.stdout, stderr: run.stderr, timedOut: true)
    }

    /// After a SIGKILL the script's trap did not run: stop what is left in its namespaces (nr<PID>br,
    /// nr<PID>h1..3) by pid and delete them.
    static func removeNamespaces(ofScript pid: Int32) {
        let cleanup = Process()
        cleanup.executableURL = URL(fileURLWithPath: "/bin/sh")
        cleanup.arguments = ["-c", """
            for ns in nr\(pid)br nr\(pid)h1 nr\(pid)h2 nr\(pid)h3; do
                for p in $(ip netns pids "$ns" 2>/dev/null); do kill -9 "$p"; done
                ip netns del "$ns" 2>/dev/null
            done
            true
            """]
        try? cleanup.run()
        cleanup.waitUntilExit()
    }
}
