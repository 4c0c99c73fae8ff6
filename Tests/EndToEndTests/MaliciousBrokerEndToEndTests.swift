import Domain
import Foundation
import MateRunnerTesting
import SyncTesting
import SyncWire
import Testing

/// A malicious broker (tools/mqtt-relay in front of a real mosquitto) against a control race run at the
/// same time through the plain broker: the same result, only later. Apart from the other broker tests
/// because its result must agree with the control's, a window that `scripts/test` gives cores of its own.
@Suite("End to end: a malicious broker, against a control race")
struct MaliciousBrokerEndToEndTests {
    static let passphrase = (text: "through the relay", raceID: "relay-e2e")

    /// Alice (`--id a1a1a1a1`) invites bob (`b0b0b0b0`), paired with her, to a race keyed by a passphrase,
    /// 1 km, through `url` in `group`: `lobby` runs once bob is started (before alice), `running` once
    /// alice's race runs.
    func pairedRace(
        _ url: String, group: String, lobby: (@Sendable () async throws -> Void)? = nil,
        running: (@Sendable (_ alice: ProcessRun.Handle) async throws -> Void)? = nil
    ) async throws -> [ProcessRun] {
        let binary = try BuildProducts.materunner()
        let homes = try await PairedHomes(host: "alice", joiners: ["bob"])
        let common = BrokerEndToEndTests().through(url, group: group) + BrokerEndToEndTests.common
            + ["--race-key", Self.passphrase.text, "--race-id", Self.passphrase.raceID]
        let bob = try ProcessRun.Handle(binary, ["run", "--name", "bob", "--id", "b0b0b0b0", "--join",
            "--accept-from", "alice", "--pace", "5:40", "--seed", "2"] + common, environment: homes.environment("bob"))
        try await lobby?()
        let alice = try ProcessRun.Handle(binary, ["run", "--name", "alice", "--id", "a1a1a1a1", "--invite", "bob",
            "--goal", "1", "--invite-timeout", "30", "--pace", "5:00", "--seed", "1"] + common,
            environment: homes.environment("alice"))
        if let running {
            let started = await alice.waitForJSON(type: "status", timeout: 60) { $0["stage"] as? String == "running" }
            #expect(started != nil, "alice's race never ran: \(alice.output.suffix(2000))")
            try await running(alice)
        }
        return [await alice.wait(timeout: 120), await bob.wait(timeout: 120)]
    }

    /// A malicious broker that drops, delays, reorders, duplicates, replays and forges, and injects an
    /// insider's attacks (held invitations, fresh ids, a forged finish, a clock takeover): each refused and
    /// counted, and the race ends with its control's result.
    @Test("a malicious broker injecting an insider's attacks: each refused and counted; the control's result")
    func maliciousBroker() async throws {
        let broker = try await TestBroker.started()
        let relay = try await MaliciousRelay(before: broker)
        let raceKey = try RaceKey(passphrase: Self.passphrase.text, raceID: Self.passphrase.raceID)
        // The control's group is another: the two races share the broker, not their mates.
        async let controlRuns = pairedRace(broker.url(), group: "control")
        // The sync-core attacks (AttackEndToEndTests' payloads), sealed by insiders of the group and of
        // the race and injected by the relay: before alice invites, 64 invitations naming bob on his
        // own topic; mid-race, on the race's topic, 64 hellos from fresh ids, bob's id saying he finished,
        // and runner 1 answering pings nobody sent with a clock 600 s ahead.
        async let attackedRuns = pairedRace(relay.url, group: "lakeside", lobby: {
            let inbox = try await relay.topic(in: \.subscribed) { $0.contains("/t/") }
            var lobby = BrokerInsider(group: "lakeside")
            let invitations = AttackEndToEndTests.forgedInvitations(key: raceKey)
            try await relay.inject(try lobby.seal(invitations, for: inbox), spacing: .milliseconds(5))
        }, running: { alice in
            // The race's topic is a level of its own, `m/<hash>` (BrokerTopics.race).
            let race = try await relay.topic(in: \.published) { $0.split(separator: "/").count == 2 }
            var directory = BrokerInsider(raceKey: raceKey)
            let hellos = AttackEndToEndTests.freshIDHellos(key: raceKey)
            try await relay.inject(try directory.seal(hellos, for: race), spacing: .milliseconds(5))
            let finished = AttackEndToEndTests.bobFinished(key: raceKey)
            try await relay.inject(try directory.seal(finished, for: race), spacing: .milliseconds(50))
            var clock = BrokerInsider(raceKey: raceKey)
            let mallory = RunnerID(rawValue: 1)
            let hello = SyncSample.encoded(.hello(name: "mallory", terms: AttackEndToEndTests.terms), from: mallory,
                                           sequence: 1, key: raceKey)
            let pongs = AttackEndToEndTests.clockPongs(as: mallory, from: 2, key: raceKey).flatMap { $0 }
            try await relay.inject(try clock.seal([hello] + pongs, for: race), spacing: .milliseconds(25))
            #expect(!alice.output.contains(#""type":"result""#), "the race ended before the attacks were over")
        })
        let (control, attacked) = try await (controlRuns, attackedRuns)
        let counts = relay.counts
        await relay.stop()
        for run in control + attacked { #expect(run.status == 0 && !run.timedOut, "exit \(run.status): \(run.stderr)") }
        let controlResult = try RaceResult(lines: control[0].jsonLines())
        let results = try attacked.map { try RaceResult(lines: $0.jsonLines()) }
        #expect(results[0] == results[1], "\(results)")
        #expect(results[0].agrees(with: controlResult), "attacked: \(results[0])\ncontrol: \(controlResult)")
        for kind in ["dropped", "duplicated", "replayed", "injected"] {
            #expect(counts[kind, default: 0] > 0, "\(kind): \(counts)")
        }
        #expect(counts["attacks"] == 64 + 64 + 20 + 1 + 40, "\(counts)")
        // Forged envelopes do not open; replayed and duplicated ones are refused by the core.
        let unopened = attacked.map { run in
            run.stderr.firstMatch(of: /, (\d+) not opened/).flatMap { Int($0.1) } ?? 0
        }
        #expect(unopened.reduce(0, +) > 0, "\(attacked.map(\.stderr))")
        let refused = attacked.allSatisfy { $0.stderr.contains("\"duplicate\"") || $0.stderr.contains("\"replayed\"") }
        #expect(refused, "\(attacked.map(\.stderr))")
        // Each injected attack refused and counted, as on a LAN (AttackEndToEndTests).
        let (alice, bob) = (AttackedRace.dropped(attacked[0]), AttackedRace.dropped(attacked[1]))
        // Bob held 2 of the 64 invitations (8 ids in his directory, 2 invitations held); mid-race alice
        // took 8 of the 64 fresh ids, bob 8 new ones (the first 8 were the invitations' ids, known to him);
        // bob's id from the attacker's address never rebound; every pong 600 s ahead refused unsolicited.
        #expect(bob["invitation-limit"] == 8 - 2 && bob["runner-limit"] == (64 - 8) + (64 - 16), "\(bob)")
        #expect(alice["runner-limit"] == 64 - 8 && alice["address-mismatch"] == 20, "\(alice)")
        for dropped in [alice, bob] { #expect(dropped["unsolicited-pong"] == 40, "\(dropped)") }
        let controlRefused = control.map(AttackedRace.dropped).flatMap(\.keys)
        #expect(Set(controlRefused).isSubset(of: ["duplicate", "replayed"]), "\(controlRefused)")
        for index in 0..<2 {
            let host = AttackEndToEndTests.clockHost(attacked[index])
            #expect(host == AttackEndToEndTests.clockHost(control[index]), "\(attacked[index].stderr)")
        }
    }
}
