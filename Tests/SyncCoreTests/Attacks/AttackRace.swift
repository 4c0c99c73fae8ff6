@testable import SyncCore
import Domain
import Foundation
import SyncTesting
import SyncWire

/// Two honest peers, alice and bob, racing over a pure in-memory wire (`PeerState` values, no socket),
/// with an attacker who can inject any datagram from any source address (`spoofed` by default) and, in a
/// keyed race, holds the key (an insider). A tap counts every byte sent to the spoofed address. Every
/// loop is bounded; time is a number advanced by hand.
struct AttackRace {
    static let aliceAddress = PeerAddress(host: "10.0.0.1", port: 47474)
    static let bobAddress = PeerAddress(host: "10.0.0.2", port: 47474)
    static let spoofed = PeerAddress(host: "10.0.0.66", port: 4444)
    /// Bob's id is the lower: he hosts the race clock.
    static let aliceID: UInt64 = 0xA11CE
    static let bobID: UInt64 = 0xB0
    static let start: UInt64 = 1_800_000_000_000_000

    let key: RaceKey?
    var alice: PeerState
    var bob: PeerState
    /// The wall clock both read, µs since 1970.
    var now = AttackRace.start
    /// Every progress alice handed to her session, in order.
    private(set) var aliceUpdates: [RunnerProgress] = []
    /// What reached the spoofed address: datagrams and bytes.
    private(set) var toSpoofed = (datagrams: 0, bytes: 0)
    /// Bytes the attacker sent from the spoofed address.
    private(set) var fromSpoofed = 0
    private var step = 0

    /// A race, open or keyed, in which alice and bob name each other with `--peer`.
    init(keyed: Bool, bobIsPeer: Bool = true) throws {
        key = keyed ? try RaceKey.testing("attack suite") : nil
        alice = PeerState(key: key, capacity: 64, epoch: Self.start - 1_000_000)
        bob = PeerState(key: key, capacity: 64, epoch: Self.start - 1_000_000)
        if bobIsPeer {
            alice.learnPeer(Self.bobAddress)
            bob.learnPeer(Self.aliceAddress)
        }
    }

    /// Bob's progress after `step` publishes: 50 m and 15 s a step, finished at 1 km (step 20).
    static func bobProgress(_ step: Int) -> RunnerProgress {
        let done = step >= 20
        return SyncSample.progress(
            id: bobID, name: "bob", phase: done ? .finished : .running, elapsed: Double(min(step, 20)) * 15,
            distance: Double(min(step, 20)) * 50, finishTime: done ? 300 : nil
        )
    }

    /// Alice's own progress (she runs slower; never finishes within these tests).
    static func aliceProgress(_ step: Int) -> RunnerProgress {
        SyncSample.progress(id: aliceID, name: "alice", elapsed: Double(step) * 15, distance: Double(step) * 40)
    }

    /// `count` honest rounds: each peer publishes once, everything is delivered, 0.5 s pass.
    mutating func run(_ count: Int) {
        for _ in 0..<count {
            step += 1
            let clocks = clocks
            deliver(bob.publish(Self.bobProgress(step), clocks: clocks), from: Self.bobAddress)
            deliver(alice.publish(Self.aliceProgress(step), clocks: clocks), from: Self.aliceAddress)
            now += 500_000
        }
    }

    var clocks: SyncClocks {
        let now = now
        return SyncClocks(microseconds: { now })
    }

    /// The attacker's datagram from `sender`, keyed with the race key (an insider) when there is one.
    func forge(_ sender: UInt64, _ sequence: UInt32, _ message: SyncMessage) -> [UInt8] {
        SyncDatagramCodec.encode(SyncDatagram(sender: RunnerID(rawValue: sender), sequence: sequence, message: message), key: key)
    }

    /// Delivers `bytes` to alice from `source`, and alice's answers back to it (through the tap).
    mutating func inject(_ bytes: [UInt8], from source: PeerAddress = AttackRace.spoofed) {
        if source == Self.spoofed { fromSpoofed += bytes.count }
        let effects = alice.receive(bytes, from: source, clocks: clocks)
        aliceUpdates += effects.progress
        deliver(effects.replies.map { OutgoingDatagram($0, to: source) }, from: Self.aliceAddress)
    }

    /// Hands each datagram to its addressee; answers go back the same way (bounded: 8 hops).
    mutating func deliver(_ datagrams: [OutgoingDatagram], from source: PeerAddress, hops: Int = 8) {
        guard hops > 0 else { return }
        for datagram in datagrams {
            switch datagram.address {
            case Self.aliceAddress:
                let effects = alice.receive(datagram.bytes, from: source, clocks: clocks)
                aliceUpdates += effects.progress
                deliver(effects.replies.map { OutgoingDatagram($0, to: source) }, from: Self.aliceAddress, hops: hops - 1)
            case Self.bobAddress:
                let effects = bob.receive(datagram.bytes, from: source, clocks: clocks)
                deliver(effects.replies.map { OutgoingDatagram($0, to: source) }, from: Self.bobAddress, hops: hops - 1)
            case Self.spoofed:
                toSpoofed.datagrams += 1
                toSpoofed.bytes += datagram.bytes.count
            default:
                break
            }
        }
    }

    /// The race as alice ends up holding it: bob's state by the highest number she applied (as her
    /// replica does), and whether she was handed any state about her own runner.
    var result: (bob: RunnerProgress?, aboutAlice: Int) {
        let bobs = aliceUpdates.filter { $0.runner.id.rawValue == Self.bobID }
        let latest = bobs.max { $0.sequence < $1.sequence }.map { update -> RunnerProgress in
            var state = update
            state.sequence = 0
            return state
        }
        return (latest, aliceUpdates.filter { $0.runner.id.rawValue == Self.aliceID }.count)
    }

    /// Alice's drops other than the given reasons (the attack's), to compare with a control run.
    func aliceDrops(without reasons: Set<String>) -> [String: Int] {
        alice.statistics.dropped.filter { !reasons.contains($0.key) }
    }
}
