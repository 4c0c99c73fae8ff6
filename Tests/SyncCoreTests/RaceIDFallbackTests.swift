@testable import SyncCore
import Domain
import Foundation
import SyncTesting
import SyncWire
import Testing

/// A runner whose race id was defaulted, started after midnight UTC, and mates who started before it
/// (docs/PROTOCOL.md, "Race key"): it derives the previous UTC day's key once, off the receive path,
/// adopts it when a mate's datagram authenticates under it, and the two exchange progress from then on.
/// A race id given never falls back, and another passphrase stays refused.
@Suite("Race id: falling back to the previous UTC day's")
struct RaceIDFallbackTests {
    static let bobAddress = PeerAddress(host: "10.0.0.2", port: 47474)
    static let bob = RunnerID(rawValue: 0xB0)

    /// Bob's datagram number `sequence`: a hello, or his progress.
    static func fromBob(_ sequence: UInt32, key: RaceKey, progress: Bool = false) -> [UInt8] {
        let message: SyncMessage = progress
            ? .progress(ProgressReportDTO(SyncSample.progress(id: 0xB0, name: "bob")))
            : .hello(name: "bob", terms: SyncSample.terms)
        return SyncSample.encoded(message, from: bob, sequence: sequence, key: key)
    }

    static func receive(_ bytes: [UInt8], by state: inout PeerState) -> InboundEffects {
        state.receive(bytes, from: bobAddress, clocks: SyncClocks(microseconds: { 1_000 }))
    }

    @Test("after midnight UTC, under the default race id: the first bad-tag asks for the previous day's key; once derived, the next datagram of a mate who started before midnight is accepted and its key adopted")
    func adoptsThePreviousDay() throws {
        let bobKey = try RaceKey.testing("lake run", defaultRaceIDAt: RaceKey.beforeMidnight)
        var alice = PeerState(key: try RaceKey.testing("lake run", defaultRaceIDAt: RaceKey.afterMidnight), capacity: 64)
        let first = Self.receive(Self.fromBob(1, key: bobKey), by: &alice)
        let wanted = try #require(first.previousDayWanted)
        #expect(wanted.raceID == "materunner-2026-11-23")
        // Derived once: the next failures while it is derived ask for nothing more.
        #expect(Self.receive(Self.fromBob(2, key: bobKey), by: &alice).previousDayWanted == nil)
        #expect(alice.statistics.dropped == ["bad-tag": 2])
        alice.previousDayDerived(try wanted.derive())

        let adopted = Self.receive(Self.fromBob(3, key: bobKey), by: &alice)
        #expect(adopted.adoptedRaceID == "materunner-2026-11-23")
        #expect(alice.publicRaceID == bobKey.publicID)
        #expect(Self.receive(Self.fromBob(4, key: bobKey, progress: true), by: &alice).progress.map(\.runner.name) == ["bob"])
        #expect(alice.statistics.dropped == ["bad-tag": 2])
        // What alice sends from now on, bob's key checks.
        alice.learnPeer(Self.bobAddress)
        let sent = alice.publish(SyncSample.progress(id: 0xA11CE, name: "alice"), clocks: SyncClocks(microseconds: { 2_000 }))
        #expect(!sent.isEmpty)
        for datagram in sent { #expect(throws: Never.self) { try SyncDatagramCodec.decode(datagram.bytes, key: bobKey) } }
        #expect(alice.raceIDFallback == nil, "adopted: never further back, never forward again")
    }

    @Test("a race id given (--race-id) never falls back: the mate's datagrams stay bad-tag, nothing is derived")
    func givenRaceIDNeverFallsBack() throws {
        let bobKey = try RaceKey.testing("lake run", defaultRaceIDAt: RaceKey.beforeMidnight)
        var alice = PeerState(key: try RaceKey.testing("lake run", raceID: "materunner-2026-11-24"), capacity: 64)
        for sequence in UInt32(1)...4 {
            let effects = Self.receive(Self.fromBob(sequence, key: bobKey, progress: sequence > 1), by: &alice)
            #expect(effects.previousDayWanted == nil && effects.adoptedRaceID == nil && effects.progress.isEmpty)
        }
        #expect(alice.raceIDFallback == nil)
        #expect(alice.statistics.dropped == ["bad-tag": 4])
    }

    @Test("another passphrase fails under both days' keys: bad-tag as before, and our key stays")
    func anotherPassphraseStaysRefused() throws {
        let aliceKey = try RaceKey.testing("lake run", defaultRaceIDAt: RaceKey.afterMidnight)
        let bobKey = try RaceKey.testing("lake fun", defaultRaceIDAt: RaceKey.beforeMidnight)
        var alice = PeerState(key: aliceKey, capacity: 64)
        let wanted = try #require(Self.receive(Self.fromBob(1, key: bobKey), by: &alice).previousDayWanted)
        alice.previousDayDerived(try wanted.derive())
        for sequence in UInt32(2)...5 {
            let effects = Self.receive(Self.fromBob(sequence, key: bobKey, progress: sequence > 2), by: &alice)
            #expect(effects.adoptedRaceID == nil && effects.progress.isEmpty)
        }
        #expect(alice.publicRaceID == aliceKey.publicID)
        #expect(alice.statistics.dropped == ["bad-tag": 5])
        #expect(alice.statistics.authenticationFailures == ["10.0.0.2": 5])
    }

    @Test("the runner who started before midnight never moves forward: its fallback is the day before its own")
    func earlierRunnerStays() throws {
        let aliceKey = try RaceKey.testing("lake run", defaultRaceIDAt: RaceKey.afterMidnight)
        let bobKey = try RaceKey.testing("lake run", defaultRaceIDAt: RaceKey.beforeMidnight)
        var bob = PeerState(key: bobKey, capacity: 64)
        let alice = RunnerID(rawValue: 0xA11CE)
        let hello = { (sequence: UInt32) in
            SyncSample.encoded(.hello(name: "alice", terms: SyncSample.terms), from: alice, sequence: sequence, key: aliceKey)
        }
        let wanted = try #require(Self.receive(hello(1), by: &bob).previousDayWanted)
        #expect(wanted.raceID == "materunner-2026-11-22")
        bob.previousDayDerived(try wanted.derive())
        #expect(Self.receive(hello(2), by: &bob).adoptedRaceID == nil)
        #expect(bob.publicRaceID == bobKey.publicID)
        #expect(bob.statistics.dropped == ["bad-tag": 2])
    }

}
