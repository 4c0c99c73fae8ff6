@testable import SyncCore
import Domain
import Foundation
import SyncTesting
import SyncWire
import Testing

/// An invited race (alice hosts, bob joins, both paired through the real exchange) with spectators
/// admitted by pairing (docs/PROTOCOL.md, "Spectators"), over a pure in-memory wire of `PeerState`
/// values: each datagram goes to the state at its address, answers go back, every loop bounded.
struct SpectatorRace {
    static let aliceAddress = PeerStatePairingTests.hostAddress
    static let bobAddress = PeerStatePairingTests.joinerAddress
    static let spectatorAddress = PeerAddress(host: "10.0.0.3", port: 50000)
    let clocks = SyncClocks(microseconds: { 1_000 })
    let now = Date(timeIntervalSince1970: 1_800_000_000)

    var alice: PeerState
    var bob: PeerState
    var spectator: PeerState
    let spectatorRunner = Runner(id: RunnerID(rawValue: 0x5EE), name: "carol")
    /// Every progress the spectator and alice handed to their sessions, in order.
    private(set) var spectatorUpdates: [RunnerProgress] = []
    private(set) var aliceUpdates: [RunnerProgress] = []
    /// Every ghost the spectator's state completed, in order.
    private(set) var spectatorGhosts: [Ghost] = []
    private var step = 0
    /// When set, each signed datagram is first received tampered by a copy of its addressee (`SignatureTamper`).
    var tamper: SignatureTamper?

    /// The race and a spectator that knows both runners' addresses; alice admits it when
    /// `aliceKnowsSpectator`, and it takes alice's grant when `spectatorKnowsAlice` (bob knows it not).
    init(aliceKnowsSpectator: Bool = true, spectatorKnowsAlice: Bool = true) throws {
        (alice, bob) = try PeerStatePairingTests().exchange()
        let spectatorKeys = DeviceKeys.generate()
        let aliceIdentity = try #require(alice.pairingState.keys).identity
        let spectators = aliceKnowsSpectator ? [spectatorKeys.identity] : []
        _ = alice.enterRace(invitation: 9, spectators: spectators)
        _ = bob.enterRace(invitation: 9, spectators: [])
        spectator = PeerState(key: nil, capacity: 64, identity: spectatorKeys)
        spectator.spectators.mates = spectatorKnowsAlice ? [aliceIdentity] : []
        spectator.learnPeer(Self.aliceAddress)
        spectator.learnPeer(Self.bobAddress)
    }

    /// The spectator says its presence (and, until admitted, its watch request) to alice; everything is delivered.
    mutating func watchRound() {
        deliver(spectator.send(.presence(spectatorRunner, .watching), from: spectatorRunner, to: nil, at: now), from: Self.spectatorAddress)
    }

    /// `count` rounds of the race: bob and alice publish (bob 60 m a step, finished at step 10), all delivered.
    mutating func run(_ count: Int) {
        for _ in 0..<count {
            step += 1
            deliver(bob.publish(Self.bobProgress(step), clocks: clocks), from: Self.bobAddress)
            deliver(alice.publish(Self.aliceProgress(step), clocks: clocks), from: Self.aliceAddress)
        }
    }

    static func bobProgress(_ step: Int) -> RunnerProgress {
        let done = step >= 10
        return RunnerProgress(
            runner: Runner(id: RunnerID(rawValue: 0xB2), name: "bob"), terms: RaceTerms(mode: .race, goal: .standard),
            phase: done ? .finished : .running, elapsed: Double(min(step, 10)) * 20, distance: done ? 1_000 : Double(step) * 60,
            finishTime: done ? 199 : nil
        )
    }

    static func aliceProgress(_ step: Int) -> RunnerProgress {
        RunnerProgress(
            runner: Runner(id: RunnerID(rawValue: 0xA1), name: "alice"), terms: RaceTerms(mode: .race, goal: .standard),
            phase: .running, elapsed: Double(step) * 20, distance: Double(step) * 40
        )
    }

    /// Delivers `bytes` to alice from `source` (an attacker's datagram), and her answers back.
    mutating func inject(_ bytes: [UInt8], from source: PeerAddress) -> InboundEffects {
        let effects = alice.receive(bytes, from: source, clocks: clocks)
        aliceUpdates += effects.progress
        deliver(effects.replies.map { OutgoingDatagram($0, to: source) }, from: Self.aliceAddress)
        return effects
    }

    /// Hands each datagram to its addressee; answers go back the same way (8 hops at most).
    mutating func deliver(_ datagrams: [OutgoingDatagram], from source: PeerAddress, hops: Int = 8) {
        guard hops > 0 else { return }
        for datagram in datagrams {
            let effects: InboundEffects
            switch datagram.address {
            case Self.aliceAddress:
                tamper?.check(datagram.bytes, to: alice, from: source, clocks: clocks)
                effects = alice.receive(datagram.bytes, from: source, clocks: clocks)
                aliceUpdates += effects.progress
            case Self.bobAddress:
                tamper?.check(datagram.bytes, to: bob, from: source, clocks: clocks)
                effects = bob.receive(datagram.bytes, from: source, clocks: clocks)
            case Self.spectatorAddress:
                tamper?.check(datagram.bytes, to: spectator, from: source, clocks: clocks)
                effects = spectator.receive(datagram.bytes, from: source, clocks: clocks)
                spectatorUpdates += effects.progress
                spectatorGhosts += effects.ghosts
            default:
                continue
            }
            deliver(effects.replies.map { OutgoingDatagram($0, to: source) }, from: datagram.address, hops: hops - 1)
        }
    }

    /// The latest state of each runner in `updates`, by datagram number (as a replica holds it).
    static func latest(_ updates: [RunnerProgress]) -> [RunnerID: RunnerProgress] {
        var latest: [RunnerID: RunnerProgress] = [:]
        for update in updates where update.sequence >= (latest[update.runner.id]?.sequence ?? 0) { latest[update.runner.id] = update }
        return latest.mapValues { var state = $0; state.sequence = 0; return state }
    }
}
