import Domain
import Foundation
import MateRunnerTesting
import SyncTesting
import SyncWire
import Testing

/// Attacks on the real binary, each beside a control run with the same seeds
/// (`AttackedRace`): an attacker on loopback forges datagrams with the wire's own encoder
/// (`SyncSample.encoded`). Every forgery is refused and counted in the run's sync summary, and the
/// result is the control's.
@Suite("End to end: attacks beside a control run")
struct AttackEndToEndTests {
    static let (aliceID, bobID) = (RunnerID(rawValue: 0xA1A1_A1A1), RunnerID(rawValue: 0xB0B0_B0B0))
    static let terms = RaceTerms(mode: .race, goal: RaceGoal(centimetres: 30_000))
    static let common = ["--goal", "0.3", "--speedup", "10", "--frontend", "json", "--wait", "30", "--log-level", "info"]
    static let passphrase = (text: "attack test", raceID: "attack-e2e")

    /// The passphrase race's key, as an insider holds it; nil for an open race.
    static func key(keyed: Bool) throws -> RaceKey? {
        keyed ? try RaceKey(passphrase: passphrase.text, raceID: passphrase.raceID) : nil
    }

    /// Alice (9:00 /km) and bob (7:00 /km) racing 0.3 km on `ports`, naming each other, open or keyed
    /// by a passphrase.
    static func openRace(_ ports: [Int], keyed: Bool) throws -> [ProcessRun.Handle] {
        let binary = try BuildProducts.materunner()
        let key = keyed ? ["--race-key", passphrase.text, "--race-id", passphrase.raceID] : []
        return [
            try ProcessRun.Handle(binary, ["run", "--name", "alice", "--id", "a1a1a1a1", "--port", "\(ports[0])",
                "--peer", "127.0.0.1:\(ports[1])", "--pace", "9:00", "--seed", "1"] + common + key),
            try ProcessRun.Handle(binary, ["run", "--name", "bob", "--id", "b0b0b0b0", "--port", "\(ports[1])",
                "--peer", "127.0.0.1:\(ports[0])", "--pace", "7:00", "--seed", "2"] + common + key),
        ]
    }

    /// Bob, who joins and accepts alice's invitation as a paired mate (`homes`), started first; alice is
    /// started by `inviteAlice`.
    static func invitedBob(_ ports: [Int], homes: PairedHomes) throws -> ProcessRun.Handle {
        try ProcessRun.Handle(try BuildProducts.materunner(), ["run", "--name", "bob", "--id", "b0b0b0b0", "--join", "--accept-from", "alice",
            "--port", "\(ports[1])", "--peer", "127.0.0.1:\(ports[0])", "--pace", "7:00", "--seed", "2"] + common.filter { $0 != "--goal" && $0 != "0.3" },
            environment: homes.environment("bob"))
    }

    static func invitingAlice(_ ports: [Int], homes: PairedHomes) throws -> ProcessRun.Handle {
        try ProcessRun.Handle(try BuildProducts.materunner(), ["run", "--name", "alice", "--id", "a1a1a1a1", "--invite", "bob",
            "--port", "\(ports[0])", "--peer", "127.0.0.1:\(ports[1])", "--pace", "9:00", "--seed", "1"] + common,
            environment: homes.environment("alice"))
    }

    /// The race key of the invited race `homes`' bob is in, read from what his device keeps for a restart:
    /// what an insider holds.
    static func invitedKey(of homes: PairedHomes, timeout: TimeInterval = 30) throws -> RaceKey {
        let file = homes.dataHome("bob").appendingPathComponent("materunner/invited-race-00000000b0b0b0b0.json")
        let deadline = Date().addingTimeInterval(timeout)
        while Date() < deadline {
            if let data = try? Data(contentsOf: file),
               let kept = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
               let key = (kept["raceKey"] as? String).flatMap({ Data(base64Encoded: $0) }),
               let raceID = (kept["raceID"] as? String).flatMap({ Data(base64Encoded: $0) }),
               let secrets = RaceSecrets(key: Array(key), raceID: Array(raceID)) {
                return RaceKey(secrets: secrets)
            }
            usleep(100_000)
        }
        throw TestFailure("bob kept no invited race in \(file.path) within \(timeout) s")
    }

    /// The host a run's sync summary names (`race clock: host …`).
    static func clockHost(_ run: ProcessRun) -> String? {
        run.stderr.split(separator: "\n").first { $0.contains("race clock: host ") }.map { line in
            String(line[line.range(of: "race clock: host ")!.upperBound...].prefix { $0 != " " && $0 != "," })
        }
    }

    // MARK: The runner directory

    @Test("64 hellos with fresh ids from one address, then bob's id saying he finished in 00:01: 56 refused as runner-limit, bob's id never rebound (address-mismatch); the control's result", arguments: [false, true])
    func freshIDsFromOneAddress(keyed: Bool) async throws {
        let key = try Self.key(keyed: keyed)
        let race = try await AttackedRace { ports, attacked in
            let runs = try Self.openRace(ports, keyed: keyed)
            guard attacked else { return runs }
            try await AttackedRace.attack(whileRunning: runs[0]) {
                let attacker = try LoopbackAttacker()
                try attacker.send(Self.freshIDHellos(key: key), to: ports[0], spacing: .milliseconds(5))
                try attacker.send(Self.bobFinished(key: key), to: ports[0], spacing: .milliseconds(50))
            }
            return runs
        }
        try race.expectSameResult()
        let dropped = AttackedRace.dropped(race.attacked[0])
        #expect(dropped["runner-limit"] == 64 - 8, "\(dropped)")
        #expect(dropped["address-mismatch"] == 20, "\(dropped)")
        #expect(AttackedRace.dropped(race.control[0])["runner-limit"] == nil)
        // Alice's screen said so during the race, and from where; the control's said nothing of the kind.
        let refusals = { (run: ProcessRun) in
            Self.notices(run).filter { $0.contains(" refused: ") }
        }
        let said = refusals(race.attacked[0])
        #expect(said.contains { $0.hasSuffix("datagrams about bob from 127.0.0.1 refused: address-mismatch 20") || $0.contains("about bob from 127.0.0.1 refused: address-mismatch") }, "\(said)")
        #expect(said.contains { $0 == "56 datagrams about runners not in this race from 127.0.0.1 refused: runner-limit 56" }, "\(said)")
        #expect((race.control + [race.attacked[1]]).allSatisfy { refusals($0).isEmpty }, "\((race.control + [race.attacked[1]]).map(refusals))")
    }

    /// The directory eviction attack: 64 hellos, each from a fresh id (0x1000 ...), sent 5 ms apart.
    static func freshIDHellos(key: RaceKey?) -> [[UInt8]] {
        (0..<64).map { index in
            SyncSample.encoded(.hello(name: "fake \(index)", terms: terms), from: RunnerID(rawValue: 0x1000 + UInt64(index)), sequence: 1, key: key)
        }
    }

    /// A forged finish: 10 times bob's id saying hello, then "bob finished in 00:01", sent 50 ms apart.
    static func bobFinished(key: RaceKey?) -> [[UInt8]] {
        let finished = SyncSample.report(1_000, 100_000, phase: .finished)
        return (0..<10).flatMap { index in
            [SyncSample.encoded(.hello(name: "bob", terms: terms), from: bobID, sequence: 60_000 + UInt32(2 * index), key: key),
             SyncSample.encoded(.progress(finished), from: bobID, sequence: 60_001 + UInt32(2 * index), key: key)]
        }
    }

    /// Held invitations: 64 invitations naming bob, each from a fresh id (0x1000 ...), sent 5 ms apart.
    static func forgedInvitations(key: RaceKey? = nil) -> [[UInt8]] {
        (0..<64).map { index in
            let offer = InvitationDTO(id: UInt32(index + 1), terms: terms, answerWithinMilliseconds: 30_000, invitees: [bobID], hostName: "alice")
            return SyncSample.encoded(.invitation(offer), from: RunnerID(rawValue: 0x1000 + UInt64(index)), sequence: 1, key: key)
        }
    }

    /// A clock takeover's pongs: 20 rounds (sent 50 ms apart) of a pong to alice and one to bob from
    /// `attacker`, numbered from `sequence`, each saying its clock is 600 s ahead of now.
    static func clockPongs(as attacker: RunnerID, from sequence: UInt32, key: RaceKey?) -> [[[UInt8]]] {
        let ahead: UInt64 = 600_000_000
        return (0..<20).map { round in
            let now = UInt64(Date().addingTimeInterval(Double(round) * 0.05).timeIntervalSince1970 * 1_000_000)
            return [aliceID, bobID].enumerated().map { index, requester in
                let pong = SyncMessage.clockPong(requester: requester, t1: now, t2: now + ahead, t3: now + ahead)
                return SyncSample.encoded(pong, from: attacker, sequence: sequence + UInt32(2 * round + index), key: key)
            }
        }
    }

    /// The messages of a run's notice frames, in order.
    static func notices(_ run: ProcessRun) -> [String] {
        ((try? run.jsonLines()) ?? []).filter { $0["type"] as? String == "notice" }.compactMap { $0["message"] as? String }
    }

    // MARK: Held invitations

    @Test("64 forged invitations naming bob from one address before alice's: bob holds 2 of them at most, the rest refused and counted; he sees alice's and races; the control's result")
    func forgedInvitations() async throws {
        let race = try await AttackedRace { ports, attacked in
            let homes = try await PairedHomes(host: "alice", joiners: ["bob"])
            let bob = try Self.invitedBob(ports, homes: homes)
            if attacked {
                try await LoopbackAttacker.waitUntilBound(port: ports[1])
                let invitations = Self.forgedInvitations()
                try await onOwnThread {
                    try LoopbackAttacker().send(invitations, to: ports[1], spacing: .milliseconds(5))
                }
            }
            return [try Self.invitingAlice(ports, homes: homes), bob]
        }
        try race.expectSameResult()
        let dropped = AttackedRace.dropped(race.attacked[1])
        #expect(dropped["runner-limit"] == 64 - 8, "\(dropped)")
        #expect(dropped["invitation-limit"] == 8 - 2, "\(dropped)")
    }

    // MARK: The race clock

    @Test("open and passphrase races: a runner with a lower id (1) validates its address mid-race and answers pings nobody sent with a +600 s clock: the host stays the one of the start, every pong refused; the control's result", arguments: [false, true])
    func lowerIDMidRace(keyed: Bool) async throws {
        let key = try Self.key(keyed: keyed)
        let race = try await AttackedRace { ports, attacked in
            let runs = try Self.openRace(ports, keyed: keyed)
            guard attacked else { return runs }
            try await AttackedRace.attack(whileRunning: runs[1]) {
                try Self.takeClock(as: RunnerID(rawValue: 1), of: ports, key: key)
            }
            return runs
        }
        try race.expectSameResult()
        for index in 0..<2 {
            #expect(Self.clockHost(race.attacked[index]) == Self.clockHost(race.control[index]), "\(race.attacked[index].stderr)")
            #expect(AttackedRace.dropped(race.attacked[index])["unsolicited-pong", default: 0] >= 20, "\(AttackedRace.dropped(race.attacked[index]))")
        }
    }

    @Test("an invited race: an insider (bob's device, the race key) as runner 1, off the roster, says hello and answers with a +600 s clock mid-race: refused as not-in-race; alice stays the clock host; the control's result")
    func lowerIDInvitedRace() async throws {
        let race = try await AttackedRace { ports, attacked in
            let homes = try await PairedHomes(host: "alice", joiners: ["bob"])
            let bob = try Self.invitedBob(ports, homes: homes)
            let alice = try Self.invitingAlice(ports, homes: homes)
            guard attacked else { return [alice, bob] }
            try await AttackedRace.attack(whileRunning: bob) {
                try Self.takeClock(as: RunnerID(rawValue: 1), of: ports, key: try Self.invitedKey(of: homes))
            }
            return [alice, bob]
        }
        try race.expectSameResult()
        for index in 0..<2 {
            #expect(Self.clockHost(race.attacked[index]) == Self.clockHost(race.control[index]), "\(race.attacked[index].stderr)")
            #expect(AttackedRace.dropped(race.attacked[index])["not-in-race", default: 0] >= 21, "\(AttackedRace.dropped(race.attacked[index]))")
        }
    }

    /// `attacker` says hello to each runner on `ports` with the race's terms, echoes the challenges that
    /// come back (its address is then validated: in an open race anyone's can be), says hello again,
    /// and sends each runner 20 pongs 600 s ahead, 50 ms apart.
    static func takeClock(as attacker: RunnerID, of ports: [Int], key: RaceKey?) throws {
        let socket = try LoopbackAttacker()
        var number: UInt32 = 1
        func next(_ message: SyncMessage) -> [UInt8] {
            defer { number += 1 }
            return SyncSample.encoded(message, from: attacker, sequence: number, key: key)
        }
        let hello = SyncMessage.hello(name: "mallory", terms: terms)
        for port in ports {
            try socket.send([next(hello)], to: port)
            for bytes in socket.received(within: 1) {
                guard case .extended(.addressChallenge(let cookie))? = try? SyncDatagramCodec.decode(bytes, key: key).message else { continue }
                try socket.send([next(.extended(.addressEcho(cookie: cookie))), next(hello)], to: port)
            }
        }
        for round in clockPongs(as: attacker, from: number, key: key) {
            for (port, pong) in zip(ports, round) { try socket.send([pong], to: port) }
            usleep(50_000)
        }
    }

    // MARK: Ghosts

    /// Open races only: in a passphrase race whoever announces a ghost holds the key (an insider, as a
    /// runner passing --ghost does), and its ghost ranks as a runner's.
    @Test("an open race: a stranger announces a ghost 10 times faster than anyone: it ranks behind both runners, whose result is the control's")
    func strangersGhost() async throws {
        let (keyed, key): (Bool, RaceKey?) = (false, nil)
        let stranger = RunnerID(rawValue: 0xCA20_1CA2)
        let race = try await AttackedRace { ports, attacked in
            let runs = try Self.openRace(ports, keyed: keyed)
            guard attacked else { return runs }
            try await AttackedRace.attack(whileRunning: runs[0]) {
                // 1 km in 60 s of race time, from now on.
                let track = try #require(GhostTrack(name: "flash", stepMilliseconds: 1_000, centimetres: (0...60).map { UInt32($0) * 1_667 }))
                let ghost = Ghost(announcedBy: stranger, track: track, start: Date())
                let chunks = GhostChunkDTO.chunks(of: ghost).enumerated().map { index, chunk in
                    SyncSample.encoded(
                        .extended(.ghostChunk(chunk)), from: stranger, sequence: 2 + UInt32(index), key: key)
                }
                let hello = SyncSample.encoded(
                    .hello(name: "carol", terms: Self.terms), from: stranger, sequence: 1, key: key)
                for port in ports {
                    try LoopbackAttacker().send([hello] + chunks, to: port, spacing: .milliseconds(20))
                }
            }
            return runs
        }
        for run in race.control + race.attacked {
            #expect(!run.timedOut && run.status == 0, "exit \(run.status): \(run.stderr)")
        }
        let control = try RaceResult(lines: race.control[0].jsonLines())
        for run in race.attacked {
            let result = try RaceResult(lines: run.jsonLines())
            let runners = result.entries.filter { $0.name != "flash" }
            #expect(RaceResult(winner: result.winner, entries: runners).agrees(with: control), "\(result), control: \(control)")
            // The ghost, when shown, is last.
            if let ghost = result.entries.first(where: { $0.name == "flash" }) { #expect(ghost.rank > runners.count, "\(result)") }
            // Marked on every frame as announced by the stranger's hello name.
            let ghosts = try run.jsonLines().flatMap { ($0["runners"] as? [[String: Any]]) ?? [] }.filter { $0["ghost"] as? Bool == true }
            #expect(!ghosts.isEmpty && ghosts.allSatisfy { $0["announced_by"] as? String == "carol" }, "\(ghosts.prefix(2))")
        }
    }
}
