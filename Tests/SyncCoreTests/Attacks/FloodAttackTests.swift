@testable import SyncCore
import Domain
import Foundation
import SyncTesting
import SyncWire
import Testing

/// Per-address failure counters grew without bound; 757 cheers ended in one record.
@Suite("Attacks: floods")
struct FloodAttackTests {
    @Test("bad tags from 200 addresses are counted under at most 16 addresses and 'other addresses'", arguments: [false, true])
    func failureCounters(keyed: Bool) throws {
        var race = try AttackRace(keyed: keyed)
        race.run(2)
        let stranger = try RaceKey.testing(keyed ? "another key" : "a key in an open race")
        for index in 0..<200 {
            let bytes = SyncDatagramCodec.encode(SyncDatagram(sender: RunnerID(rawValue: 0xEE), sequence: 1, message: .clockPing(t1: 1)), key: stranger)
            race.inject(bytes, from: PeerAddress(host: "10.0.2.\(index % 250)", port: 6_000 + index))
        }
        let failures = race.alice.statistics.authenticationFailures
        #expect(failures.count == SyncStatistics.failureSources + 1)
        #expect(failures.values.reduce(0, +) == 200)
        #expect(failures[SyncStatistics.otherSources] == 184)
        #expect(race.alice.statistics.dropped[keyed ? "bad-tag" : "unexpected-tag"] == 200)
    }

    @Test("757 cheers from bob in 2 s: 5 at once and 1 a second reach alice; the rest are counted, not delivered", arguments: [false, true])
    func cheerFlood(keyed: Bool) throws {
        var race = try AttackRace(keyed: keyed)
        race.run(2)
        var number = try #require(race.alice.directory.records[RunnerID(rawValue: AttackRace.bobID)]?.highest)
        var delivered = 0
        for index in 0..<757 {
            number += 1
            if index == 400 { race.now += 2_000_000 }
            let cheer = SyncMessage.cheer(recipient: nil, emoji: .clap, sentAtMilliseconds: 1)
            let effects = race.alice.receive(race.forge(AttackRace.bobID, number, cheer), from: AttackRace.bobAddress, clocks: race.clocks)
            if effects.lobby != nil { delivered += 1 }
        }
        #expect(delivered == 5 + 2)
        #expect(race.alice.statistics.dropped["cheer-rate"] == 757 - 7)
        // Our own cheers are limited the same way: the excess is not sent.
        let me = Runner(id: RunnerID(rawValue: AttackRace.aliceID), name: "alice")
        let date = Date(timeIntervalSince1970: 1_800_000_000)
        let sent = (0..<20).map { _ in race.alice.send(.cheer(recipient: nil, emoji: .rocket, sentAt: date), from: me, to: nil, at: date) }
        #expect(sent.filter { !$0.isEmpty }.count == 5)
        #expect(race.alice.statistics.withheld["cheer-rate"] == 15)
    }
}
