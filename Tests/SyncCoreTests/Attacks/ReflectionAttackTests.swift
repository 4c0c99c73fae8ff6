@testable import SyncCore
import Domain
import Foundation
import SyncTesting
import SyncWire
import Testing

/// A 23-byte hello brought 478 datagrams to a spoofed address; a joiner with
/// --accept-from answered 50 invitations with 950 answers.
@Suite("Attacks: reflection and amplification")
struct ReflectionAttackTests {
    @Test("a spoofed hello gets at most its own size back, once: here nothing, as a challenge is bigger", arguments: [false, true])
    func spoofedHello(keyed: Bool) throws {
        var race = try AttackRace(keyed: keyed)
        race.run(2)
        race.inject(race.forge(0xEE, 1, .hello(name: "e", terms: SyncSample.terms)))
        race.run(60)
        #expect(race.toSpoofed.bytes == 0, "a 23-byte hello (31 keyed) earns no 25-byte challenge (33 keyed)")
        // A bigger spoofed datagram earns exactly one challenge, and nothing else ever.
        race.inject(race.forge(0xEE, 2, .hello(name: "eve the spoofer", terms: SyncSample.terms)))
        race.run(70)
        #expect(race.toSpoofed.datagrams == 2, "one challenge per datagram at most, within the bytes received")
        #expect(race.toSpoofed.bytes <= race.fromSpoofed)
        #expect(race.alice.statistics.withheld["unvalidated-address", default: 0] == 0, "never even a candidate recipient")
        #expect(race.alice.peers.contains(AttackRace.spoofed) == false, "silent for 30 s: expired")
    }

    @Test("a start outcome's addresses get only challenges (3 each), and only from a validated host", arguments: [false, true])
    func startOutcome(keyed: Bool) throws {
        var race = try AttackRace(keyed: keyed)
        race.run(2)
        let runners = [StartingRunner(id: RunnerID(rawValue: AttackRace.bobID), ipv4: 0x0A00_0042, port: 4444)]
            + [StartingRunner(id: RunnerID(rawValue: AttackRace.aliceID))]
        let start = SyncMessage.outcome(invitation: 7, .start(inMilliseconds: 3_000, runners: runners))
        // From the spoofed address (never validated): its addresses are not learned at all.
        race.inject(race.forge(AttackRace.bobID, 1, start))
        // From bob's validated address: the spoofed one is challenged 3 times, then dropped.
        let highest = try #require(race.alice.directory.records[RunnerID(rawValue: AttackRace.bobID)]?.highest)
        race.inject(race.forge(AttackRace.bobID, highest + 1, start), from: AttackRace.bobAddress)
        race.run(80)
        #expect(race.toSpoofed.datagrams == 3)
        #expect(race.toSpoofed.bytes == 3 * (keyed ? 33 : 25))
    }

    @Test("50 invitations from a spoofed host get no answer; from a real host, one answer per invitation datagram", arguments: [false, true])
    func invitations(keyed: Bool) throws {
        var race = try AttackRace(keyed: keyed, bobIsPeer: false)
        let host = RunnerID(rawValue: 0x4057)
        let me = Runner(id: RunnerID(rawValue: AttackRace.aliceID), name: "alice")
        let date = Date(timeIntervalSince1970: 1_800_000_000)
        for id in UInt32(1)...50 {
            let offer = InvitationDTO(id: id, terms: SyncSample.terms, answerWithinMilliseconds: 60_000, invitees: [me.id], hostName: "host")
            race.inject(race.forge(host.rawValue, id, .invitation(offer)))
            // The joiner's lobby answers at once and then every 0.5 s, 19 times in all.
            for _ in 0..<19 {
                let out = race.alice.send(.answer(invitation: id, host: host, accepted: true), from: me, to: [host], at: date)
                race.deliver(out, from: AttackRace.aliceAddress)
            }
        }
        #expect(race.toSpoofed.datagrams <= 50, "at most one datagram per datagram received")
        #expect(race.toSpoofed.bytes <= race.fromSpoofed)
        #expect(race.alice.statistics.withheld["answer-limit", default: 0] + race.alice.statistics.withheld["unvalidated-address", default: 0] >= 50 * 18)
    }
}
