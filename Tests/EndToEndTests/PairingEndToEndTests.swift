import Foundation
import MateRunnerTesting
import Testing

/// Pairing with the real binary on loopback (docs/PROTOCOL.md, "Pairing"): the invitation frame carries
/// the code the host's screen shows, a JSON input event accepts it, the race is keyed without a
/// passphrase, and the host is paired afterwards; `--accept-from` refuses a host that is not paired.
@Suite("End to end: pairing")
struct PairingEndToEndTests {
    static let common = ["--frontend", "json", "--speedup", "25", "--wait", "30"]

    @Test("the code on both screens, accepted by a JSON input event: the race runs keyed and bob is paired with alice")
    func codeAcceptedFromJSON() async throws {
        let binary = try BuildProducts.materunner()
        let (portA, portB) = (try freeUDPPort(), try freeUDPPort())
        let bob = try ProcessRun.Handle(binary, ["run", "--name", "bob", "--join", "--port", "\(portB)", "--pace", "5:40", "--seed", "2",
            "--log-level", "info"] + Self.common, input: true)
        let alice = try ProcessRun.Handle(binary, ["run", "--name", "alice", "--invite", "bob", "--goal", "0.2", "--invite-timeout", "30",
            "--port", "\(portA)", "--peer", "127.0.0.1:\(portB)", "--pace", "5:00", "--seed", "1", "--log-level", "info"] + Self.common)
        let frame = try #require(await bob.waitForJSON(type: "invitation", timeout: 30)?["invitation"] as? [String: Any])
        let (id, code) = (try #require(frame["id"] as? String), try #require(frame["code"] as? String))
        #expect(code.count == 6 && code.allSatisfy(\.isNumber) && frame["paired"] == nil)
        // The host's screen shows the same code for bob.
        let hostNotice = await alice.waitForJSON(type: "notice", timeout: 10) { ($0["message"] as? String ?? "").hasPrefix("bob's code") }
        #expect(hostNotice?["message"] as? String == "bob's code: \(code) (bob accepts only if it matches)")
        bob.send(#"{"type":"accept","invitation":"\#(id)"}"#)
        let runs = [await alice.wait(timeout: 90), await bob.wait(timeout: 90)]
        for run in runs { #expect(run.status == 0 && !run.timedOut, "exit \(run.status): \(run.stderr)") }
        let results = (try RaceResult(lines: runs[0].jsonLines()), try RaceResult(lines: runs[1].jsonLines()))
        #expect(results.0 == results.1)
        for run in runs {
            #expect(run.stderr.contains("keyed with the race key and race id from the pairing exchange"), "\(run.stderr)")
            #expect(!run.stdout.contains("open race"))
        }
        let mates = try await ProcessRun.run(binary, ["mates", "--json"], environment: ["XDG_DATA_HOME": bob.dataHome.path])
        let lines = try mates.jsonLines()
        let hostIdentity = try await ProcessRun.run(binary, ["mates", "--json"], environment: ["XDG_DATA_HOME": alice.dataHome.path]).jsonLines().first?["identity"] as? String
        #expect(lines.count == 2 && lines[1]["name"] as? String == "alice" && lines[1]["identity"] as? String == hostIdentity)
    }

    @Test("--accept-from a host called alice that is not paired: not accepted by itself, a notice says to pair once")
    func acceptFromNeedsPairing() async throws {
        let binary = try BuildProducts.materunner()
        let (portA, portB) = (try freeUDPPort(), try freeUDPPort())
        let bob = try ProcessRun.Handle(binary, ["run", "--name", "bob", "--join", "--accept-from", "alice", "--port", "\(portB)",
            "--frontend", "json", "--speedup", "25", "--wait", "8"])
        let alice = try ProcessRun.Handle(binary, ["run", "--name", "alice", "--invite", "bob", "--invite-timeout", "4",
            "--port", "\(portA)", "--peer", "127.0.0.1:\(portB)", "--frontend", "json", "--speedup", "25", "--wait", "30"])
        let (runA, runB) = (await alice.wait(timeout: 60), await bob.wait(timeout: 60))
        #expect(runA.status == 1 && runA.stderr.contains("did not answer"), "\(runA.stderr)")
        let notices = try runB.jsonLines().filter { $0["type"] as? String == "notice" }.compactMap { $0["message"] as? String }
        #expect(notices.contains { $0.hasPrefix("not accepted by itself: alice is not paired with this device") }, "\(notices)")
        #expect(!runB.stdout.contains(#""type":"countdown""#))
    }
}
