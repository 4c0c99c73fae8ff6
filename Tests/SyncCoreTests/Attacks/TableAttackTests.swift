@testable import SyncCore
import Domain
import Foundation
import SyncTesting
import SyncWire
import Testing

/// Tables of 64 peers, roster and catch-up entries were never evicted: 63 fake
/// hellos, and alice never sent to bob.
@Suite("Attacks: full tables")
struct TableAttackTests {
    static func fake(_ index: Int) -> PeerAddress {
        PeerAddress(host: "10.0.1.\(index % 250)", port: 5_000 + index)
    }

    @Test("100 fake hellos from spoofed addresses, then bob (learned, not a --peer): alice and bob race as usual", arguments: [false, true])
    func fakeHellos(keyed: Bool) throws {
        var control = try AttackRace(keyed: keyed, bobIsPeer: false)
        control.bob.learnPeer(AttackRace.aliceAddress)
        control.run(30)
        var race = try AttackRace(keyed: keyed, bobIsPeer: false)
        race.bob.learnPeer(AttackRace.aliceAddress)
        for index in 0..<100 {
            race.inject(race.forge(0x1000 + UInt64(index), 1, .hello(name: "fake \(index)", terms: SyncSample.terms)), from: Self.fake(index))
        }
        #expect(race.alice.directory.records.count == 64)
        #expect(race.alice.peers.count == 64)
        race.run(30)
        #expect(race.result.bob == control.result.bob)
        #expect(race.result.bob?.phase == .finished)
        #expect(race.alice.table.isValidated(AttackRace.bobAddress))
        #expect(race.bob.statistics.datagramsSent > 0 && race.alice.statistics.dropped["roster-full", default: 0] == 0)
        // Bob is bound and heard; the fakes were evicted first, and the spoofed addresses got nothing
        // but challenges within the bytes they sent.
        #expect(race.alice.directory.boundAddress(of: RunnerID(rawValue: AttackRace.bobID)) == AttackRace.bobAddress)
        #expect(race.toSpoofed.datagrams == 0)
    }

    @Test("learned addresses silent for 30 s expire; --peer addresses never do")
    func expiry() throws {
        var table = PeerTable(capacity: 4, cookies: SplitMix64(seed: 4))
        table.configure(AttackRace.bobAddress, now: 0)
        table.heard(AttackRace.spoofed, bytes: 30, now: 0)
        table.expire(now: 30_000_000)
        #expect(table.addresses == [AttackRace.bobAddress, AttackRace.spoofed])
        table.expire(now: 30_000_001)
        #expect(table.addresses == [AttackRace.bobAddress])
        // A full table evicts the oldest silent unvalidated learned address, never a configured one.
        for index in 0..<6 { table.heard(Self.fake(index), bytes: 30, now: UInt64(index)) }
        #expect(table.addresses == [AttackRace.bobAddress] + (3..<6).map(Self.fake))
    }

    @Test("the runner directory evicts unbound runners only, the longest silent first; never a bound one for a newcomer")
    func directoryEviction() {
        var directory = RunnerDirectory(capacity: 2)
        let (first, second) = (Self.fake(1), Self.fake(2))
        _ = directory.accept(RunnerID(rawValue: 1), number: 1, from: first, now: 0)
        _ = directory.hello(RunnerID(rawValue: 1), at: AttackRace.bobAddress, validated: true)
        _ = directory.accept(RunnerID(rawValue: 2), number: 1, from: second, now: 1)
        #expect(directory.refusal(RunnerID(rawValue: 3), number: 1, from: second, rebinding: false, now: 2) == nil)
        #expect(directory.accept(RunnerID(rawValue: 3), number: 1, from: second, now: 2) == RunnerID(rawValue: 2))
        #expect(directory.accept(RunnerID(rawValue: 4), number: 1, from: second, now: 3) == RunnerID(rawValue: 3))
        #expect(directory.records.keys.contains(RunnerID(rawValue: 1)))
        // Every runner held bound: a newcomer is refused, the bound runners stay.
        _ = directory.hello(RunnerID(rawValue: 4), at: second, validated: true)
        #expect(directory.refusal(RunnerID(rawValue: 5), number: 1, from: second, rebinding: false, now: 4) == .directoryFull)
        // One address introduces at most `runnersPerAddress` runners.
        var roomy = RunnerDirectory(capacity: 64)
        for index in 0..<RunnerDirectory.runnersPerAddress {
            #expect(roomy.refusal(RunnerID(rawValue: UInt64(100 + index)), number: 1, from: first, rebinding: false, now: 0) == nil)
            _ = roomy.accept(RunnerID(rawValue: UInt64(100 + index)), number: 1, from: first, now: 0)
        }
        #expect(roomy.refusal(RunnerID(rawValue: 99), number: 1, from: first, rebinding: false, now: 0) == .runnerLimit)
        #expect(roomy.refusal(RunnerID(rawValue: 99), number: 1, from: second, rebinding: false, now: 0) == nil)
    }

    @Test("64 hellos with fresh ids from one validated address, then 'bob finished in 00:01' from it: bob keeps his place and his binding; the result is the control's", arguments: [false, true])
    func freshIDsFromValidatedAddress(keyed: Bool) throws {
        var control = try AttackRace(keyed: keyed)
        control.run(30)
        var race = try AttackRace(keyed: keyed)
        // The attacker's address is validated (here a --peer of alice's: in an open race any address that
        // echoed one challenge is, in a keyed race an insider's).
        race.alice.learnPeer(AttackRace.spoofed)
        race.run(5)
        for index in 0..<64 {
            race.inject(race.forge(0x1000 + UInt64(index), 1, .hello(name: "fake \(index)", terms: SyncSample.terms)))
        }
        #expect(race.alice.statistics.dropped["runner-limit"] == 64 - RunnerDirectory.runnersPerAddress, "\(race.alice.statistics.dropped)")
        let bob = RunnerID(rawValue: AttackRace.bobID)
        #expect(race.alice.directory.boundAddress(of: bob) == AttackRace.bobAddress)
        // Bob's id from the attacker's address: refused, whatever it says.
        let highest = try #require(race.alice.directory.records[bob]?.highest)
        race.inject(race.forge(AttackRace.bobID, highest + 1, .hello(name: "bob", terms: SyncSample.terms)))
        let finished = ProgressReportDTO(phase: .finished, hasFinalResult: false, elapsedMilliseconds: 1_000, distanceCentimetres: 100_000, finishMilliseconds: 1_000)
        race.inject(race.forge(AttackRace.bobID, highest + 2, .progress(finished)))
        #expect(race.alice.statistics.dropped["address-mismatch"] == 2)
        // Counted by the runner claimed and the address, for the running screen.
        #expect(race.alice.statistics.refusedDatagrams == [
            RefusedDatagrams(subject: .runner("bob"), source: AttackRace.spoofed.host, reasons: ["address-mismatch": 2]),
            RefusedDatagrams(subject: .unknown, source: AttackRace.spoofed.host, reasons: ["runner-limit": 64 - RunnerDirectory.runnersPerAddress]),
        ])
        race.run(25)
        #expect(race.result.bob == control.result.bob)
        #expect(race.alice.directory.boundAddress(of: bob) == AttackRace.bobAddress)
        #expect(race.aliceDrops(without: ["runner-limit", "address-mismatch"]) == control.aliceDrops(without: []))
        #expect(control.alice.statistics.refusedDatagrams.isEmpty && control.bob.statistics.refusedDatagrams.isEmpty)
    }
}
