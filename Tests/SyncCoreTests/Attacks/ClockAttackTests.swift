@testable import SyncCore
import Domain
import Foundation
import SyncTesting
import SyncWire
import Testing

/// Issue 13, item 4: a hello from id 1 plus pongs 600 s ahead shifted alice's clock by −600 s.
@Suite("Attacks: race clock")
struct ClockAttackTests {
    static let t600: UInt64 = 600_000_000

    @Test("a hello from id 1 at an unvalidated address, or under other terms, does not make it the host", arguments: [false, true])
    func fakeHost(keyed: Bool) throws {
        var race = try AttackRace(keyed: keyed)
        race.run(4)
        race.inject(race.forge(1, 1, .hello(name: "mallory", terms: SyncSample.terms)))
        let other = RaceTerms(mode: .race, goal: RaceGoal(centimetres: 500_000))
        race.inject(race.forge(2, 1, .hello(name: "mallory", terms: other)), from: PeerAddress(host: "10.0.0.3", port: 1))
        race.run(8)
        #expect(race.alice.clock.host(me: RunnerID(rawValue: AttackRace.aliceID)) == RunnerID(rawValue: AttackRace.bobID))
        // A pong "from id 1" 600 s ahead, answering alice's last ping by t1, from anywhere but bob's address.
        let before = race.alice.clock.estimate
        let t1 = try #require(before.exchanges.last).t1
        let microseconds = UInt64((t1 * 1_000_000).rounded())
        let pong = SyncMessage.clockPong(requester: RunnerID(rawValue: AttackRace.aliceID), t1: microseconds, t2: microseconds + Self.t600, t3: microseconds + Self.t600)
        race.inject(race.forge(1, 2, pong))
        race.inject(race.forge(AttackRace.bobID, 9_999, pong))
        #expect(race.alice.statistics.dropped["unsolicited-pong", default: 0] >= 1)
        #expect(race.alice.clock.estimate == before)
        #expect(race.toSpoofed.bytes <= race.fromSpoofed)
    }

    @Test("bob's address answering a real ping 600 s ahead moves an agreed offset by nothing (clock-step)", arguments: [false, true])
    func steppedPong(keyed: Bool) throws {
        var race = try AttackRace(keyed: keyed)
        race.run(8)
        let agreed = try #require(race.alice.clock.estimate.offset)
        #expect(abs(agreed) < 0.001)
        // Alice pings with her next hello; the forger answers before bob, from bob's address.
        race.now += 500_000
        let clocks = race.clocks
        let sent = race.alice.publish(AttackRace.aliceProgress(9), clocks: clocks)
        let ping = try #require(sent.first { (try? SyncDatagramCodec.decode($0.bytes, key: race.key))?.message.type == .clockPing })
        guard case .clockPing(let t1) = try SyncDatagramCodec.decode(ping.bytes, key: race.key).message else { return }
        let highest = try #require(race.alice.directory.records[RunnerID(rawValue: AttackRace.bobID)]?.highest)
        let pong = SyncMessage.clockPong(requester: RunnerID(rawValue: AttackRace.aliceID), t1: t1, t2: t1 + Self.t600, t3: t1 + Self.t600)
        race.inject(race.forge(AttackRace.bobID, highest + 1, pong), from: AttackRace.bobAddress)
        #expect(race.alice.statistics.dropped["clock-step"] == 1)
        #expect(race.alice.clock.estimate.offset == agreed)
        race.run(8)
        #expect(abs(try #require(race.alice.clock.estimate.offset)) < 0.001)
    }

    @Test("a later hello with bob's id from another address is refused, and bob stays where he is", arguments: [false, true])
    func movedHost(keyed: Bool) throws {
        var race = try AttackRace(keyed: keyed)
        race.run(4)
        let highest = try #require(race.alice.directory.records[RunnerID(rawValue: AttackRace.bobID)]?.highest)
        race.inject(race.forge(AttackRace.bobID, highest + 1, .hello(name: "bob", terms: SyncSample.terms)))
        #expect(race.alice.statistics.dropped["address-mismatch"] == 1)
        #expect(race.alice.clock.lowestMate?.address == AttackRace.bobAddress)
        #expect(race.toSpoofed.datagrams == 0)
    }
}
