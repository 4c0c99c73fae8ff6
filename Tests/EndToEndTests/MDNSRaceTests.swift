import Foundation
import MateRunnerTesting
import Testing

/// The same race with no `--peer`: each process in its own network namespace with its own D-Bus and
/// avahi-daemon, finding the other through DNS-SD (scripts/netns-mdns-race.sh).
@Suite("End to end: race over real mDNS in network namespaces")
struct MDNSRaceTests {
    @Test("two runners discover each other with DNS-SD and agree on the result")
    func discoveredRaceAgrees() async throws {
        let binary = try BuildProducts.materunner()
        let script = Fixtures.packageRoot.appendingPathComponent("scripts/netns-mdns-race.sh")
        let output = FileManager.default.temporaryDirectory.appendingPathComponent("materunner-mdns-\(UUID().uuidString)")
        let run = try await ProcessRun.run(
            URL(fileURLWithPath: "/bin/bash"), [script.path, binary.path, output.path], timeout: 180
        )
        if run.status == 77 {
            try Test.cancel("skipped: \(run.stderr.trimmingCharacters(in: .whitespacesAndNewlines))")
        }
        let aliceLog = (try? String(contentsOf: output.appendingPathComponent("alice.err"), encoding: .utf8)) ?? ""
        let bobLog = (try? String(contentsOf: output.appendingPathComponent("bob.err"), encoding: .utf8)) ?? ""
        #expect(!run.timedOut)
        #expect(run.status == 0, "script exit \(run.status): \(run.stderr)\nalice: \(aliceLog)\nbob: \(bobLog)")

        let alice = try ProcessRun(status: 0, stdout: String(contentsOf: output.appendingPathComponent("alice.json"), encoding: .utf8), stderr: aliceLog, timedOut: false)
        let bob = try ProcessRun(status: 0, stdout: String(contentsOf: output.appendingPathComponent("bob.json"), encoding: .utf8), stderr: bobLog, timedOut: false)
        let resultA = try RaceResult(lines: alice.jsonLines())
        let resultB = try RaceResult(lines: bob.jsonLines())
        #expect(resultA == resultB)
        #expect(resultA.entries.map(\.name).sorted() == ["alice", "bob"])
        #expect(resultA.winner != nil)
        // They found each other by DNS-SD, at the namespaces' addresses.
        #expect(aliceLog.contains("found mate bob at 10.250.0.2"))
        #expect(bobLog.contains("found mate alice at 10.250.0.1"))
        try? FileManager.default.removeItem(at: output)
    }
}
