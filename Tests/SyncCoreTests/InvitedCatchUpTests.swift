@testable import SyncCore
import Domain
import Foundation
import SyncWire
import Testing

/// Restart catch-up in an invited race (docs/PROTOCOL.md, "Restart in an invited race"): only a runner's
/// own signed boot announces its restart, so another key holder's plain boot in its name is refused; a
/// relayed state about us never counts, whoever sends it.
@Suite("Peer state: catch-up in an invited race")
struct InvitedCatchUpTests {
    @Test("another key holder's plain boot for a runner is dropped as unsigned-decision; relays about us, from the roster or outside it, as relay-ignored")
    func refused() throws {
        var (host, joiner) = try PeerStatePairingTests().exchange()
        // Wall clocks: boots are stamped on them, and one ahead of our clock is refused for that (boot-ahead).
        let clocks = SyncClocks()
        let running = RunnerProgress(runner: Runner(id: RunnerID(rawValue: 0xB2), name: "bob"), terms: RaceTerms(mode: .race, goal: .standard), phase: .running, elapsed: 5, distance: 10)
        for datagram in joiner.publish(running, clocks: clocks) { _ = host.receive(datagram.bytes, from: PeerStatePairingTests.joinerAddress, clocks: clocks) }
        // Another key holder: bob's id, a newer epoch (now: after bob's own boot, not ahead of the clock).
        var forger = PeerState(key: host.key, capacity: 64, epoch: SyncClocks.wallMicroseconds() + 1)
        forger.learnPeer(PeerStatePairingTests.hostAddress)
        for datagram in forger.publish(running, clocks: clocks) { _ = host.receive(datagram.bytes, from: PeerStatePairingTests.joinerAddress, clocks: clocks) }
        #expect(host.statistics.dropped["unsigned-decision", default: 0] >= 1, "\(host.statistics.dropped)")
        // A relayed state about bob, sent to bob by a key holder posing as alice.
        var relayer = PeerState(key: joiner.key, capacity: 64)
        let relay = relayer.outbox.datagram(
            saying: .relayedState(subject: running.runner.id, highestNumber: 9_999, heldSequence: 1, report: ProgressReportDTO(running)),
            as: RunnerID(rawValue: 0xA1)
        )
        let effects = joiner.receive(relayer.encode(relay), from: PeerStatePairingTests.hostAddress, clocks: clocks)
        #expect(effects.progress.isEmpty)
        // From a runner outside the roster, or saying bob finished: refused, whatever its numbers.
        var finished = running
        (finished.phase, finished.finishTime, finished.distance) = (.finished, 5, 1_000)
        let outsider = relayer.outbox.datagram(
            saying: .relayedState(subject: running.runner.id, highestNumber: 40, heldSequence: 30, report: ProgressReportDTO(running)),
            as: RunnerID(rawValue: 0xC3)
        )
        let relayedFinish = relayer.outbox.datagram(
            saying: .relayedState(subject: running.runner.id, highestNumber: 41, heldSequence: 31, report: ProgressReportDTO(finished)),
            as: RunnerID(rawValue: 0xA1)
        )
        for datagram in [outsider, relayedFinish] {
            #expect(joiner.receive(relayer.encode(datagram), from: PeerStatePairingTests.hostAddress, clocks: clocks).progress.isEmpty)
        }
        // From the roster or outside it: ignored alike (relay-ignored), whatever it says.
        #expect(joiner.statistics.dropped == ["relay-ignored": 3], "\(joiner.statistics.dropped)")
    }

    @Test("a runner's own signed boot is a restart its mates answer with its state (not adopted); what enterRace keeps rejoins the race with the same keys")
    func signedBootAndRejoin() throws {
        var (host, joiner) = try PeerStatePairingTests().exchange()
        let clocks = SyncClocks()
        let bob = Runner(id: RunnerID(rawValue: 0xB2), name: "bob")
        let running = RunnerProgress(runner: bob, terms: RaceTerms(mode: .race, goal: .standard), phase: .running, elapsed: 50, distance: 200)
        for _ in 0..<3 {
            for datagram in joiner.publish(running, clocks: clocks) { _ = host.receive(datagram.bytes, from: PeerStatePairingTests.joinerAddress, clocks: clocks) }
        }
        let kept = try #require(joiner.keptRace(as: bob.id, at: Date()))
        // Bob's process restarts: a new epoch, the same device keys, the race rejoined from what was kept.
        var restarted = PeerState(key: nil, capacity: 64, identity: joiner.pairingState.keys, epoch: SyncClocks.wallMicroseconds() + 1)
        restarted.learnPeer(PeerStatePairingTests.hostAddress)
        #expect(restarted.rejoin(kept, spectators: []) == RaceTerms(mode: .race, goal: .standard))
        #expect(restarted.key?.raceID == joiner.key?.raceID && restarted.invited?.signingKeys == joiner.invited?.signingKeys)
        var fresh = running
        (fresh.elapsed, fresh.distance) = (1, 1)
        let sent = restarted.publish(fresh, clocks: clocks)
        #expect(try sent.contains { datagram in
            if case .pairing(.signedBoot) = try SyncDatagramCodec.decode(datagram.bytes, key: restarted.key).message { return true }
            return false
        })
        // The host answers the signed boot with bob's state as it holds it; bob never adopts it (he resumes
        // from what he kept himself, `OwnStateStore`).
        let answers = sent.flatMap { host.receive($0.bytes, from: PeerStatePairingTests.joinerAddress, clocks: clocks).replies }
        #expect(!answers.isEmpty)
        let relayed = answers.flatMap { restarted.receive($0, from: PeerStatePairingTests.hostAddress, clocks: clocks).progress }
        #expect(relayed.isEmpty && restarted.statistics.dropped["relay-ignored"] == answers.count, "\(restarted.statistics.dropped)")
        // Kept by someone else's keys (another device): not rejoined.
        var stranger = PeerState(key: nil, capacity: 64, identity: DeviceKeys.generate())
        #expect(stranger.rejoin(kept, spectators: []) == nil)
    }

    @Test("every runner of an invited race advertises the same public race id, another race another one, and it is neither the race id nor the key")
    func publicRaceID() throws {
        let (host, joiner) = try PeerStatePairingTests().exchange()
        let (other, _) = try PeerStatePairingTests().exchange()
        let id = try #require(host.key?.publicID)
        #expect(id.count == 16 && id.allSatisfy(\.isHexDigit))
        #expect(joiner.key?.publicID == id && other.key?.publicID != id)
        let raceID = try #require(host.key?.raceID)
        #expect(!id.contains(raceID.prefix(4).map { String(format: "%02x", $0) }.joined()))
    }
}

/// The race id discovery advertises in an open race: the same on both runners.
@Suite("Public race id of an open race")
struct OpenRaceIDTests {
    @Test("two runners of an open race give the same public race id, the race-clock host's id (none before a mate is heard); a keyed race the key's")
    func sameOnBoth() throws {
        var race = try AttackRace(keyed: false)
        #expect(race.alice.publicRaceID == nil)
        race.run(3)
        #expect(race.alice.publicRaceID == RunnerID(rawValue: AttackRace.bobID).description)
        #expect(race.bob.publicRaceID == race.alice.publicRaceID)
        // A mate heard before its address is validated (it found us first): its hello counts already.
        var alice = PeerState(key: nil, capacity: 64), bob = PeerState(key: nil, capacity: 64)
        alice.learnPeer(AttackRace.bobAddress)
        let clocks = SyncClocks(microseconds: { AttackRace.start })
        _ = bob.publish(AttackRace.bobProgress(0), clocks: clocks)
        for datagram in alice.publish(AttackRace.aliceProgress(0), clocks: clocks) {
            _ = bob.receive(datagram.bytes, from: AttackRace.aliceAddress, clocks: clocks)
        }
        #expect(!bob.admission.isValidated(AttackRace.aliceAddress))
        #expect(bob.publicRaceID == RunnerID(rawValue: AttackRace.bobID).description)
        var keyed = try AttackRace(keyed: true)
        keyed.run(1)
        #expect(keyed.alice.publicRaceID == keyed.key?.publicID && keyed.bob.publicRaceID == keyed.alice.publicRaceID)
    }
}
