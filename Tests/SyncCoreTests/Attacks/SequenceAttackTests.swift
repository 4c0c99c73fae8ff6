@testable import SyncCore
import Domain
import Foundation
import SyncTesting
import SyncWire
import Testing

/// One forged datagram with a huge number for a mate must not make that mate's
/// real datagrams stale (open race: the replica) or replays (keyed race: the window).
@Suite("Attacks: sequence jumps")
struct SequenceAttackTests {
    @Test("a spoofed progress for bob numbered 0xFFFFFFF0 is refused; bob's real updates still apply", arguments: [false, true])
    func hugeProgressNumber(keyed: Bool) throws {
        var control = try AttackRace(keyed: keyed)
        control.run(30)
        var race = try AttackRace(keyed: keyed)
        race.run(5)
        let forged = ProgressReportDTO(AttackRace.bobProgress(20))
        race.inject(race.forge(AttackRace.bobID, 0xFFFF_FFF0, .progress(forged)), from: AttackRace.bobAddress)
        race.inject(race.forge(AttackRace.bobID, 0xFFFF_FFF0, .progress(forged)))
        race.run(25)
        #expect(race.alice.statistics.dropped["sequence-jump"] == 1)
        #expect(race.alice.statistics.dropped["address-mismatch"] == 1, "the copy from another address")
        #expect(race.result.bob == control.result.bob)
        #expect(race.result.bob?.distance == 1_000 && race.result.bob?.phase == .finished)
        #expect(race.aliceDrops(without: ["sequence-jump", "address-mismatch"]) == control.aliceDrops(without: []))
        #expect(race.toSpoofed.datagrams == 0)
    }

    @Test("a forged 'bob cancelled' far ahead does not move bob's window: none of his real datagrams is a replay", arguments: [false, true])
    func forgedCancelMovesNothing(keyed: Bool) throws {
        var control = try AttackRace(keyed: keyed)
        control.run(30)
        var race = try AttackRace(keyed: keyed)
        race.run(5)
        let highest = try #require(race.alice.directory.records[RunnerID(rawValue: AttackRace.bobID)]?.highest)
        let cancelled = ProgressReportDTO(phase: .cancelled, hasFinalResult: true, elapsedMilliseconds: 1, distanceCentimetres: 1, finishMilliseconds: nil)
        race.inject(race.forge(AttackRace.bobID, highest + 564, .progress(cancelled)), from: AttackRace.bobAddress)
        #expect(race.alice.directory.records[RunnerID(rawValue: AttackRace.bobID)]?.highest == highest, "a refused jump moves nothing")
        race.run(25)
        #expect(race.alice.statistics.dropped["sequence-jump"] == 1)
        #expect(race.alice.statistics.dropped["replayed", default: 0] == control.alice.statistics.dropped["replayed", default: 0])
        #expect(race.result.bob == control.result.bob)
        #expect(race.result.bob?.phase == .finished)
    }

    @Test("the allowed jump grows with silence (64 + 512 per second), so an honest mate after a loss gap is taken")
    func jumpBound() throws {
        var race = try AttackRace(keyed: false)
        race.run(3)
        let bob = RunnerID(rawValue: AttackRace.bobID)
        let highest = try #require(race.alice.directory.records[bob]?.highest)
        let report = ProgressReportDTO(AttackRace.bobProgress(4))
        // 0.5 s after bob's last datagram: 64 + 256.
        race.inject(race.forge(AttackRace.bobID, highest + 321, .progress(report)), from: AttackRace.bobAddress)
        #expect(race.alice.statistics.dropped["sequence-jump"] == 1)
        race.now += 2_000_000
        race.inject(race.forge(AttackRace.bobID, highest + 1_300, .progress(report)), from: AttackRace.bobAddress)
        #expect(race.alice.statistics.dropped["sequence-jump"] == 1, "2.5 s of silence allow 1 344")
        #expect(race.alice.directory.records[bob]?.highest == highest + 1_300)
        // A runner never heard of may not start above 2^31 - 1.
        race.inject(race.forge(0xE5, 0x8000_0000, .hello(name: "eve", terms: SyncSample.terms)))
        #expect(race.alice.statistics.dropped["sequence-jump"] == 2)
    }
}
