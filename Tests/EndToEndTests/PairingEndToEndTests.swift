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
            "--port", "\(portA)", "--peer", "127.0.0.1:\(portB)", "--pace", "5:00", "--seed", "1", "--log-level", "info"] + Self.common,
            input: true)
        let frame = try #require(await bob.waitForJSON(type: "invitation", timeout: 30)?["invitation"] as? [String: Any])
        let (id, code) = (try #require(frame["id"] as? String), try #require(frame["code"] as? String))
        #expect(code.count == 6 && code.allSatisfy(\.isNumber) && frame["paired"] == nil)
        // The host's screen shows the same code for bob, and its person confirms it (an invitation frame naming bob).
        let hostNotice = await alice.waitForJSON(type: "notice", timeout: 10) { ($0["message"] as? String ?? "").hasPrefix("bob's code") }
        #expect(hostNotice?["message"] as? String == "bob's code: \(code) (accept only if bob's screen shows it; bob is admitted only then)")
        let confirm = try #require(await alice.waitForJSON(type: "invitation", timeout: 10)?["invitation"] as? [String: Any])
        #expect(confirm["invitee"] as? String == "bob" && confirm["code"] as? String == code && confirm["id"] as? String == id)
        bob.send(#"{"type":"accept","invitation":"\#(id)"}"#)
        alice.send(#"{"type":"accept","invitation":"\#(id)"}"#)
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
        // Both compared, so both paired: alice knows bob's identity under his name.
        let bobIdentity = lines.first?["identity"] as? String
        let hostMates = try await ProcessRun.run(binary, ["mates", "--json"], environment: ["XDG_DATA_HOME": alice.dataHome.path]).jsonLines()
        #expect(hostMates.count == 2 && hostMates[1]["name"] as? String == "bob" && hostMates[1]["identity"] as? String == bobIdentity)
    }

    @Test("alice paired with bob: an impostor answering as bob from another device is refused and alice's screen says so; the real bob then races")
    func impostorRefused() async throws {
        let binary = try BuildProducts.materunner()
        let homes = try await PairedHomes(host: "alice", joiners: ["bob"])
        // The impostor: called bob, its own data directory, so its own identity. It accepts the invitation.
        let (portA, portB) = (try freeUDPPort(), try freeUDPPort())
        let impostor = try ProcessRun.Handle(binary, ["run", "--name", "bob", "--join", "--port", "\(portB)", "--frontend", "json",
            "--speedup", "25", "--wait", "8"], input: true)
        let alice = try ProcessRun.Handle(binary, ["run", "--name", "alice", "--invite", "bob", "--goal", "0.2", "--invite-timeout", "30",
            "--port", "\(portA)", "--peer", "127.0.0.1:\(portB)"] + Self.common, environment: homes.environment("alice"))
        let frame = try #require(await impostor.waitForJSON(type: "invitation", timeout: 30)?["invitation"] as? [String: Any])
        impostor.send(#"{"type":"accept","invitation":"\#(try #require(frame["id"] as? String))"}"#)
        let (runA, runI) = (await alice.wait(timeout: 60), await impostor.wait(timeout: 60))
        #expect(runA.status == 1 && !runA.timedOut && runA.stderr.contains("bob not admitted"), "\(runA.stderr)")
        let notices = try Self.notices(runA.jsonLines())
        #expect(notices.contains { $0.hasPrefix("someone answered as bob with a different device key than the bob you paired with: not admitted") }, "\(notices)")
        #expect(!notices.contains("bob accepted") && !runA.stdout.contains(#""type":"countdown""#))
        #expect(try runI.jsonLines().contains {
            ($0["invitation"] as? [String: Any])?["state"] as? String == "declined"
        }, "\(runI.stdout)")
        #expect(!runI.stdout.contains(#""type":"countdown""#))
        // The real bob (paired with alice both ways) answers the next invitation by himself and races.
        let (portC, portD) = (try freeUDPPort(), try freeUDPPort())
        let bob = try ProcessRun.Handle(binary, ["run", "--name", "bob", "--join", "--accept-from", "alice", "--port", "\(portD)",
            "--pace", "5:40", "--seed", "2"] + Self.common, environment: homes.environment("bob"))
        let again = try ProcessRun.Handle(binary, ["run", "--name", "alice", "--invite", "bob", "--goal", "0.2", "--invite-timeout", "30",
            "--port", "\(portC)", "--peer", "127.0.0.1:\(portD)", "--pace", "5:00", "--seed", "1"] + Self.common,
            environment: homes.environment("alice"))
        let runs = [await again.wait(timeout: 90), await bob.wait(timeout: 90)]
        for run in runs { #expect(run.status == 0 && !run.timedOut, "exit \(run.status): \(run.stderr)") }
        let againNotices = try Self.notices(runs[0].jsonLines())
        #expect(againNotices.contains("bob is paired") && againNotices.contains("bob accepted"), "\(againNotices)")
        #expect(try RaceResult(lines: runs[0].jsonLines()) == RaceResult(lines: runs[1].jsonLines()))
    }

    static func notices(_ lines: [[String: Any]]) -> [String] {
        lines.filter { $0["type"] as? String == "notice" }.compactMap { $0["message"] as? String }
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
