@testable import SyncCore
import Domain
import Foundation
import SyncWire
import Testing

/// Spectators of an invited race admitted by pairing (docs/PROTOCOL.md, "Spectators"): a paired spectator
/// gets the spectator key (never the race key) and the host's roster, then follows the race to the same
/// result as its runners; whatever a spectator-key holder says that would count is refused and counted,
/// and the race ends as the unattacked control run; an unpaired spectator is told so and gets nothing.
@Suite("Attacks: spectators of an invited race")
struct SpectatorAttackTests {
    /// Request, grant, presence under the spectator key, address challenge and echo, request again → roster.
    static func admitted() throws -> SpectatorRace {
        var race = try SpectatorRace()
        for _ in 0..<3 { race.watchRound() }
        return race
    }

    @Test("a paired spectator is granted the spectator key, not the race key, and follows the race to its runners' result")
    func pairedSpectatorFollows() throws {
        var race = try Self.admitted()
        let spectatorKey = try #require(race.spectator.key)
        let raceKey = try #require(race.alice.key)
        #expect(spectatorKey.raceID == raceKey.raceID)
        // The spectator key's tags are not the race key's.
        let probe = SyncDatagramCodec.encode(SyncDatagram(sender: RunnerID(rawValue: 0x5EE), sequence: 1, message: .presence(name: "carol", availability: .watching)), key: spectatorKey)
        #expect(throws: DatagramError.badTag) { try SyncDatagramCodec.decode(probe, key: raceKey) }
        #expect(race.spectator.invited != nil && race.spectator.spectators.watching?.admitted == true)
        #expect(race.alice.statistics.received["watch-request", default: 0] >= 1)
        race.run(12)
        let seen = SpectatorRace.latest(race.spectatorUpdates)
        let bob = try #require(seen[RunnerID(rawValue: 0xB2)])
        #expect(bob.phase == .finished && bob.finishTime == 199)
        #expect(seen[RunnerID(rawValue: 0xA1)]?.distance == 480)
        #expect(SpectatorRace.latest(race.aliceUpdates)[RunnerID(rawValue: 0xB2)] == bob)
        // Alice's answers before the spectator's address was validated were never bigger than its requests.
        #expect(race.alice.statistics.dropped["spectator-forbidden"] == nil)
    }

    @Test("a spectator-key holder forging progress, a finish, a cancel, a statement, a cheer, a hello, a boot, a clock pong or a lobby outcome is refused, counted, and the result equals the control run")
    func spectatorKeyHolderForges() throws {
        var control = try Self.admitted()
        control.run(12)
        var attacked = try Self.admitted()
        attacked.run(3)
        let key = try #require(attacked.spectator.key)
        let bob = RunnerID(rawValue: 0xB2)
        let terms = RaceTerms(mode: .race, goal: .standard)
        let finished = ProgressReportDTO(RunnerProgress(runner: Runner(id: bob, name: "bob"), terms: terms, phase: .finished, elapsed: 30, distance: 1_000, finishTime: 29))
        let cancelled = ProgressReportDTO(RunnerProgress(runner: Runner(id: bob, name: "bob"), terms: terms, phase: .cancelled, elapsed: 30, distance: 100))
        let running = ProgressReportDTO(RunnerProgress(runner: Runner(id: bob, name: "bob"), terms: terms, phase: .running, elapsed: 30, distance: 900))
        let forgedKeys = DeviceKeys.generate()
        let messages: [(UInt64, SyncMessage)] = [
            (0xB2, .progress(finished)), (0xB2, .progress(cancelled)), (0xB2, .progress(running)), (0xB2, .finishedProgress(finished)),
            (0x5EE, .progress(running)), (0x5EE, .hello(name: "carol", terms: terms)),
            (0x5EE, .cheer(recipient: nil, emoji: CheerEmoji.allCases[0], sentAtMilliseconds: 1)),
            (0x5EE, .boot(epoch: 1)), (0x5EE, .clockPong(requester: RunnerID(rawValue: 0xA1), t1: 1, t2: 2, t3: 3)),
            (0x5EE, .outcome(invitation: 9, .cancelled)), (0x5EE, .presence(name: "carol", availability: .free)),
            (0xB2, .pairing(.statement(invitation: 9, runner: bob, RaceStatement.signed(finished, runner: bob, raceID: key.raceID, keys: forgedKeys)))),
            (0xB2, .presence(name: "bob", availability: .watching)),
        ]
        var refused = 0
        for (index, (sender, message)) in messages.enumerated() {
            let bytes = SyncDatagramCodec.encode(SyncDatagram(sender: RunnerID(rawValue: sender), sequence: UInt32(100 + index), message: message), key: key)
            let effects = attacked.inject(bytes, from: SpectatorRace.spectatorAddress)
            #expect(effects.progress.isEmpty && effects.lobby == nil, "\(message)")
            refused += 1
        }
        // The same, from bob's own address (a spoofed source): still nothing.
        let spoofed = SyncDatagramCodec.encode(SyncDatagram(sender: bob, sequence: 200, message: .progress(finished)), key: key)
        #expect(attacked.inject(spoofed, from: SpectatorRace.bobAddress).progress.isEmpty)
        #expect(attacked.alice.statistics.dropped["spectator-forbidden", default: 0] == refused + 1, "\(attacked.alice.statistics.dropped)")
        attacked.run(9)
        let (controlResult, attackedResult) = (SpectatorRace.latest(control.aliceUpdates), SpectatorRace.latest(attacked.aliceUpdates))
        #expect(attackedResult == controlResult && controlResult[bob]?.phase == .finished)
        #expect(SpectatorRace.latest(control.spectatorUpdates)[bob]?.phase == .finished)
        #expect(SpectatorRace.latest(attacked.spectatorUpdates) == SpectatorRace.latest(control.spectatorUpdates))
        // The spectator's own presence still counts as presence (it keeps being sent to).
        #expect(attacked.alice.spectators.gate?.addresses.contains(SpectatorRace.spectatorAddress) == true)
    }

    @Test("a spectator-key holder announcing a ghost (its own, or in a runner's name from a runner's address) is refused and counted: no ghost")
    func spectatorForgesGhost() throws {
        var attacked = try Self.admitted()
        attacked.run(3)
        let key = try #require(attacked.spectator.key)
        let before = attacked.alice.statistics.dropped["spectator-forbidden", default: 0]
        let track = try #require(GhostTrack(name: "fake", stepMilliseconds: 1000, centimetres: [0, 900, 1_800]))
        for (sender, source) in [(RunnerID(rawValue: 0x5EE), SpectatorRace.spectatorAddress), (RunnerID(rawValue: 0xB2), SpectatorRace.spectatorAddress)] {
            let ghost = Ghost(announcedBy: sender, track: track, start: Date(timeIntervalSince1970: 1_795_158_000))
            for chunk in GhostChunkDTO.chunks(of: ghost) {
                let bytes = SyncDatagramCodec.encode(SyncDatagram(sender: sender, sequence: 300, message: .extended(.ghostChunk(chunk))), key: key)
                #expect(attacked.inject(bytes, from: source).ghosts.isEmpty)
            }
        }
        #expect(attacked.alice.statistics.dropped["spectator-forbidden", default: 0] == before + 2, "\(attacked.alice.statistics.dropped)")
    }

    @Test("the host's ghost reaches its paired spectator, which takes the host as the race's host")
    func spectatorGetsHostsGhost() throws {
        var race = try Self.admitted()
        let track = try #require(GhostTrack(name: "last year", stepMilliseconds: 1000, centimetres: [0, 900]))
        let start = Date(timeIntervalSince1970: 1_795_158_000)
        let ghost = Ghost(announcedBy: RunnerID(rawValue: 0xA1), track: track, start: start)
        race.alice.announce(ghost)
        race.run(3)
        #expect(race.spectator.clock.invitedHost == race.alice.clock.invitedHost)
        #expect(race.spectatorGhosts.map(\.track) == [track], "\(race.spectator.statistics.dropped)")
        #expect(race.spectator.statistics.dropped["ghost-not-host"] == nil, "\(race.spectator.statistics.dropped)")
    }

    @Test("a spectator alice does not know is refused with a reason it can show, counted; it gets no key and nothing of the race")
    func unpairedSpectatorRefused() throws {
        var race = try SpectatorRace(aliceKnowsSpectator: false)
        for _ in 0..<3 { race.watchRound() }
        race.run(4)
        #expect(race.spectator.key == nil && race.spectator.spectators.watching?.isRefused == true)
        #expect(race.alice.statistics.dropped["watch-not-paired", default: 0] == 3)
        #expect(race.spectatorUpdates.isEmpty)
    }

    @Test("a grant from a runner the spectator is not paired with is not taken (watch-stranger): no key")
    func grantFromStranger() throws {
        var race = try SpectatorRace(spectatorKnowsAlice: false)
        for _ in 0..<2 { race.watchRound() }
        #expect(race.spectator.key == nil && race.spectator.spectators.watching?.isRefused == true)
        #expect(race.spectator.statistics.dropped["watch-stranger", default: 0] == 2)
    }

    @Test("before the spectator's address is validated, alice answers each request once with at most its size; a replayed request from a spoofed address gets a grant it cannot open and no roster")
    func noAmplification() throws {
        var race = try SpectatorRace()
        let request = race.spectator.send(.presence(race.spectatorRunner, .watching), from: race.spectatorRunner, to: nil, at: race.now)
        let watch = try #require(request.last)
        let spoofed = PeerAddress(host: "10.0.0.66", port: 4444)
        for _ in 0..<5 {
            let effects = race.inject(watch.bytes, from: spoofed)
            #expect(effects.replies.count == 1 && effects.replies[0].count <= watch.bytes.count)
        }
        #expect(watch.bytes.count == 329)
    }

    @Test("a watch request to a runner of an open race is counted and left unanswered")
    func openRaceIgnoresRequests() throws {
        var runner = PeerState(key: nil, capacity: 64, identity: DeviceKeys.generate())
        _ = runner.publish(SpectatorRace.aliceProgress(1), clocks: SyncClocks(microseconds: { 1 }))
        let request = SpectatorWatch(spectator: RunnerID(rawValue: 0x5EE), keys: DeviceKeys.generate()).request
        let bytes = SyncDatagramCodec.encode(SyncDatagram(sender: RunnerID(rawValue: 0x5EE), sequence: 1, message: .pairing(.watchRequest(request))))
        let effects = runner.receive(bytes, from: SpectatorRace.spectatorAddress, clocks: SyncClocks(microseconds: { 1 }))
        #expect(effects.replies.isEmpty && runner.statistics.dropped["watch-not-invited"] == 1)
    }
}
