@testable import SyncCore
import Domain
import Foundation
import SyncTesting
import SyncWire
import Testing

/// A hello from id 1 plus pongs 600 s ahead shifted alice's clock by −600 s.
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

    // MARK: The clock host taken over, and a former host stepped by +600 s

    @Test("open race: a lower id heard mid-race (bound, validated, our terms) does not take the clock over from the host fixed at the start")
    func noTakeoverMidRace() {
        let (me, bob, mallory) = (RunnerID(rawValue: 0xA11CE), RunnerID(rawValue: 0xB0), RunnerID(rawValue: 1))
        var sync = RaceClockSync()
        sync.terms = SyncSample.terms
        sync.heard(bob, at: AttackRace.bobAddress, terms: SyncSample.terms)
        #expect(sync.host(me: me) == bob)
        sync.raceStarted(me: me)
        sync.heard(mallory, at: AttackRace.spoofed, terms: SyncSample.terms)
        #expect(sync.host(me: me) == bob)
        let ping = sync.ping(me: me, now: 1_000_000)
        #expect(ping?.address == AttackRace.bobAddress)
        // Before the start, the lowest id hosts (no election message: every peer picks the same).
        var lobby = RaceClockSync()
        lobby.terms = SyncSample.terms
        lobby.heard(bob, at: AttackRace.bobAddress, terms: SyncSample.terms)
        lobby.heard(mallory, at: AttackRace.spoofed, terms: SyncSample.terms)
        #expect(lobby.host(me: me) == mallory)
    }

    @Test("a former host (offset 0 by definition) follows a new host 600 s ahead by nothing: clock-step")
    func formerHostIsNotStepped() throws {
        let (me, carol, mallory) = (RunnerID(rawValue: 0xB0), RunnerID(rawValue: 0xC0), RunnerID(rawValue: 1))
        var sync = RaceClockSync()
        sync.terms = SyncSample.terms
        sync.heard(carol, at: AttackRace.aliceAddress, terms: SyncSample.terms)
        // We host carol: no ping of ours.
        let none = sync.ping(me: me, now: 1_000_000)
        #expect(none == nil)
        sync.heard(mallory, at: AttackRace.spoofed, terms: SyncSample.terms)
        let first = sync.ping(me: me, now: 2_000_000)
        let ping = try #require(first)
        #expect(throws: PeerRefusal.clockStep) {
            try sync.pong(from: mallory, at: AttackRace.spoofed, me: me, t1: ping.t1, t2: ping.t1 + Self.t600, t3: ping.t1 + Self.t600, t4: ping.t1 + 1_000)
        }
        #expect(sync.estimate.offset == nil)
        // One within the round trip of our own clock is taken.
        let second = sync.ping(me: me, now: 3_000_000)
        let next = try #require(second)
        try sync.pong(from: mallory, at: AttackRace.spoofed, me: me, t1: next.t1, t2: next.t1 + 400, t3: next.t1 + 400, t4: next.t1 + 1_000)
        #expect(sync.estimate.offset != nil)
    }

    @Test("invited race: the clock host is the invited race's host from its signed roster, not an insider's id 1 off the roster")
    func invitedHost() throws {
        var (host, joiner) = try PeerStatePairingTests().exchange()
        let clocks = SyncClocks()
        let (alice, bob) = (RunnerID(rawValue: 0xA1), RunnerID(rawValue: 0xB2))
        let running = RunnerProgress(runner: Runner(id: bob, name: "bob"), terms: RaceTerms(mode: .race, goal: .standard), phase: .running, elapsed: 5, distance: 10)
        let hosting = RunnerProgress(runner: Runner(id: alice, name: "alice"), terms: running.terms, phase: .running, elapsed: 5, distance: 12)
        for datagram in host.publish(hosting, clocks: clocks) { _ = joiner.receive(datagram.bytes, from: PeerStatePairingTests.hostAddress, clocks: clocks) }
        _ = joiner.publish(running, clocks: clocks)
        #expect(joiner.clock.host(me: bob) == alice)
        // An insider (the race key) with id 1, at an address the joiner validated.
        let insider = PeerAddress(host: "10.0.0.9", port: 47474)
        joiner.learnPeer(insider)
        var forger = PeerState(key: joiner.key, capacity: 64)
        forger.learnPeer(PeerStatePairingTests.joinerAddress)
        let mallory = RunnerProgress(runner: Runner(id: RunnerID(rawValue: 1), name: "mallory"), terms: running.terms, phase: .running, elapsed: 5, distance: 1)
        for datagram in forger.publish(mallory, clocks: clocks) { _ = joiner.receive(datagram.bytes, from: insider, clocks: clocks) }
        _ = joiner.publish(running, clocks: clocks)
        #expect(joiner.clock.host(me: bob) == alice)
        #expect(host.clock.host(me: alice) == alice)
    }
}
