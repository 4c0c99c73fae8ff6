import Foundation
import MateRunnerTesting
import Testing

/// Runners who typed other terms are told so on both screens within seconds, with both values, and the
/// run ends with that error rather than after `--wait` with "heard from 0 of 1 mate(s)".
@Suite("End to end: mismatched terms")
struct MismatchEndToEndTests {
    static func headlines(_ lines: [[String: Any]]) -> [String] {
        lines.filter { $0["type"] as? String == "status" }.compactMap { $0["message"] as? String }
    }

    @Test("--goal 1 and --goal 2: both screens name the other's goal and their own, and both stop in seconds, not after --wait")
    func goalsDiffer() async throws {
        let binary = try BuildProducts.materunner()
        let (portA, portB) = (try freeUDPPort(), try freeUDPPort())
        let common = ["--frontend", "json", "--wait", "60"]
        let started = Date()
        let alice = try ProcessRun.Handle(binary, ["run", "--name", "alice", "--goal", "1", "--port", "\(portA)",
            "--peer", "127.0.0.1:\(portB)"] + common)
        let bob = try ProcessRun.Handle(binary, ["run", "--name", "bob", "--goal", "2", "--port", "\(portB)",
            "--peer", "127.0.0.1:\(portA)"] + common)
        let runs = [await alice.wait(timeout: 50), await bob.wait(timeout: 50)]
        #expect(Date().timeIntervalSince(started) < 40, "the wait was 60 s: the mismatch must end it well before")
        for run in runs { #expect(!run.timedOut && run.status == 1, "exit \(run.status): \(run.stderr)") }
        #expect(runs[0].stderr.contains("bob races 2.00 km, you 1.00 km: every runner must give the same --goal"), "\(runs[0].stderr)")
        #expect(runs[1].stderr.contains("alice races 1.00 km, you 2.00 km"), "\(runs[1].stderr)")
        #expect(!runs[0].stderr.contains("heard from 0 of 1"))
        // The screens said it while waiting.
        #expect(Self.headlines(try runs[0].jsonLines()).contains("waiting for mates: 0 of 1; bob races 2.00 km, you 1.00 km"))
        #expect(Self.headlines(try runs[1].jsonLines()).contains("waiting for mates: 0 of 1; alice races 1.00 km, you 2.00 km"))
    }

    @Test("an invited race whose host runs at --speedup 10 and joiner at 1 is refused on both, naming both speed-ups")
    func speedupsDiffer() async throws {
        let binary = try BuildProducts.materunner()
        let (portA, portB) = (try freeUDPPort(), try freeUDPPort())
        let homes = try await PairedHomes(host: "alice", joiners: ["bob"])
        let bob = try ProcessRun.Handle(binary, ["run", "--name", "bob", "--join", "--accept-from", "alice", "--port", "\(portB)",
            "--frontend", "json", "--wait", "30", "--log-level", "info"], environment: homes.environment("bob"))
        let alice = try ProcessRun.Handle(binary, ["run", "--name", "alice", "--invite", "bob", "--goal", "0.5",
            "--port", "\(portA)", "--peer", "127.0.0.1:\(portB)", "--frontend", "json", "--wait", "30", "--speedup", "10"],
            environment: homes.environment("alice"))
        let runs = [await alice.wait(timeout: 60), await bob.wait(timeout: 60)]
        for run in runs { #expect(!run.timedOut && run.status == 1, "exit \(run.status): \(run.stderr)") }
        #expect(runs[0].stderr.contains("bob runs at --speedup 1, you at 10: every runner must give the same --speedup"), "\(runs[0].stderr)")
        #expect(runs[1].stderr.contains("alice runs at --speedup 10, you at 1"), "\(runs[1].stderr) \(runs[1].stdout.suffix(3000))")
        // Neither ran a race to its end at a clock the other did not share.
        for run in runs { #expect(!run.stdout.contains(#""stage":"complete""#)) }
    }
}
