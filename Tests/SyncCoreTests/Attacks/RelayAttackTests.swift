@testable import SyncCore
import Domain
import Foundation
import SyncTesting
import SyncWire
import Testing

/// A relayed state about our own runner, and boot epochs, from a forger.
@Suite("Attacks: restart catch-up")
struct RelayAttackTests {
    static func relay(about subject: UInt64, highest: UInt32, held: UInt32, phase: RunnerPhase = .finished) -> SyncMessage {
        let report = ProgressReportDTO(
            phase: phase, hasFinalResult: false, elapsedMilliseconds: 2_000, distanceCentimetres: 100_000,
            finishMilliseconds: phase == .finished ? 2_000 : nil
        )
        return .relayedState(subject: RunnerID(rawValue: subject), highestNumber: highest, heldSequence: held, report: report)
    }

    @Test("'alice finished in 00:02', 'cancelled', 'running at 990 m' or wild numbers about alice are refused whoever sends them; alice adopts nothing and her numbers do not move", arguments: [false, true])
    func forgedRelayAboutUs(keyed: Bool) throws {
        var control = try AttackRace(keyed: keyed)
        control.run(30)
        var race = try AttackRace(keyed: keyed)
        race.run(5)
        // An unknown id at an address that never echoed our cookie, within our boot's window.
        race.inject(race.forge(0xEE, 1, Self.relay(about: AttackRace.aliceID, highest: 10, held: 9)))
        // From bob's own, validated and bound address (an insider in a keyed race), within every bound the
        // relays had before: a finish, a running state far ahead, and numbers near 2^31.
        let bob = try #require(race.alice.directory.records[RunnerID(rawValue: AttackRace.bobID)]?.highest)
        race.inject(race.forge(AttackRace.bobID, bob + 1, Self.relay(about: AttackRace.aliceID, highest: 10, held: 9)), from: AttackRace.bobAddress)
        race.inject(race.forge(AttackRace.bobID, bob + 2, Self.relay(about: AttackRace.aliceID, highest: 200, held: 190, phase: .running)), from: AttackRace.bobAddress)
        race.inject(race.forge(AttackRace.bobID, bob + 3, Self.relay(about: AttackRace.aliceID, highest: UInt32.max / 2, held: UInt32.max / 2 - 1, phase: .running)), from: AttackRace.bobAddress)
        race.inject(race.forge(AttackRace.bobID, bob + 4, Self.relay(about: AttackRace.aliceID, highest: 40, held: 39, phase: .cancelled)), from: AttackRace.bobAddress)
        #expect(race.alice.statistics.dropped["relay-ignored"] == 5, "\(race.alice.statistics.dropped)")
        #expect(race.result.aboutAlice == 0, "nothing about our own runner reached the session")
        race.run(25)
        #expect(race.result.bob == control.result.bob)
        // Alice's numbers went on from her own: bob still takes every one of her datagrams.
        #expect(race.bob.statistics.dropped["sequence-jump"] == nil && race.bob.statistics.dropped["replayed"] == nil)
        #expect(try #require(race.bob.directory.records[RunnerID(rawValue: AttackRace.aliceID)]?.highest) < 1_000)
        #expect(race.toSpoofed.datagrams == 0)
    }

    @Test("a boot 11.6 days ahead is refused, and bob's real restart then catches up", arguments: [false, true])
    func futureBoot(keyed: Bool) throws {
        var race = try AttackRace(keyed: keyed)
        race.run(5)
        let ahead = race.now + 1_000_000_000_000
        race.inject(race.forge(AttackRace.bobID, 30, .boot(epoch: ahead)), from: AttackRace.bobAddress)
        race.inject(race.forge(AttackRace.bobID, 31, .boot(epoch: race.now + 121_000_000)), from: AttackRace.bobAddress)
        #expect(race.alice.statistics.dropped["boot-ahead"] == 2)
        #expect(race.alice.catchUp.epochs[RunnerID(rawValue: AttackRace.bobID)] == AttackRace.start - 1_000_000)
        // Bob restarts for real (same address, a newer epoch, numbers from 1): alice relays his state.
        race.bob = PeerState(key: race.key, capacity: 64, epoch: race.now)
        race.bob.learnPeer(AttackRace.aliceAddress)
        let clocks = race.clocks
        let sent = race.bob.publish(AttackRace.bobProgress(0), clocks: clocks)
        var relays = 0
        for datagram in sent where datagram.address == AttackRace.aliceAddress {
            let effects = race.alice.receive(datagram.bytes, from: AttackRace.bobAddress, clocks: clocks)
            relays += effects.replies.filter { (try? SyncDatagramCodec.decode($0, key: race.key))?.message.type == .relayedState }.count
        }
        #expect(relays == 1)
    }
}
