@testable import SyncCore
import Domain
import Foundation
import SyncWire
import Testing

/// 64 forged invitations naming bob filled his table of held invitations for good, and
/// he never saw the real one. Held invitations are now bounded per source address and expire.
@Suite("Attacks: held invitations")
struct InvitationFloodAttackTests {
    static let spoofed = PeerAddress(host: "10.0.0.66", port: 4444)
    let alice = Runner(id: RunnerID(rawValue: 0xA1), name: "alice")
    let bob = Runner(id: RunnerID(rawValue: 0xB2), name: "bob")
    let now = Date(timeIntervalSince1970: 1_800_000_000)

    /// 64 invitations naming bob, from hosts 0x1000… at `source(index)`, as a peer without pairing keys sends them.
    func flood(_ joiner: inout PeerState, from source: (Int) -> PeerAddress, at microseconds: UInt64) {
        let clocks = SyncClocks(microseconds: { microseconds })
        for index in 0..<64 {
            var forger = PeerState(key: nil, capacity: 64)
            forger.learnPeer(PeerStatePairingTests.joinerAddress)
            let host = Runner(id: RunnerID(rawValue: 0x1000 + UInt64(index)), name: "alice")
            let offer = InvitationOffer(id: UInt32(index + 1), host: host, terms: RaceTerms(mode: .race, goal: .standard), invitees: [bob.id], sentAt: now, timeout: 30)
            for datagram in forger.send(.invitation(offer), from: host, to: nil, at: now) {
                _ = joiner.receive(datagram.bytes, from: source(index), clocks: clocks)
            }
        }
    }

    /// Alice's real invitation to `joiner`, through the pairing exchange, at `microseconds`: whether bob is
    /// shown it (with its code).
    func realInvitationShown(to joiner: inout PeerState, at microseconds: UInt64, id: UInt32 = 9) -> Bool {
        let clocks = SyncClocks(microseconds: { microseconds })
        var host = PeerState(key: nil, capacity: 64, identity: DeviceKeys.generate())
        host.learnPeer(PeerStatePairingTests.joinerAddress)
        func deliver(_ datagrams: [OutgoingDatagram], from source: PeerAddress, to state: inout PeerState) -> [InboundEffects] {
            datagrams.map { state.receive($0.bytes, from: source, clocks: clocks) }
        }
        _ = deliver(joiner.send(.presence(bob, .free), from: bob, to: nil, at: now), from: PeerStatePairingTests.joinerAddress, to: &host)
        let offer = InvitationOffer(id: id, host: alice, terms: RaceTerms(mode: .race, goal: .standard), invitees: [bob.id], sentAt: now, timeout: 30)
        let first = deliver(host.send(.invitation(offer), from: alice, to: [bob.id], at: now), from: PeerStatePairingTests.hostAddress, to: &joiner)
        let replies = first.flatMap(\.replies).map { OutgoingDatagram($0, to: PeerStatePairingTests.joinerAddress) }
        let hostSide = deliver(replies, from: PeerStatePairingTests.joinerAddress, to: &host)
        let reveals = hostSide.flatMap(\.replies).map { OutgoingDatagram($0, to: PeerStatePairingTests.hostAddress) }
        let revealed = deliver(reveals, from: PeerStatePairingTests.hostAddress, to: &joiner)
        guard case .invitation(let shown)? = revealed.first?.message(receivedAt: now)?.message else { return false }
        return shown.security != nil
    }

    func joiner() -> PeerState {
        var joiner = PeerState(key: nil, capacity: 64, identity: DeviceKeys.generate())
        joiner.learnPeer(PeerStatePairingTests.hostAddress)
        // Bob says he is free (our runner is known from then on).
        _ = joiner.send(.presence(bob, .free), from: bob, to: nil, at: now)
        return joiner
    }

    @Test("64 forged invitations from one address: 2 held, the rest refused (runner-limit for the ids beyond 8) or cycling its own 2 places (invitation-limit); the real invitation is shown")
    func oneSource() {
        var control = joiner()
        #expect(realInvitationShown(to: &control, at: 1_000_000))
        var bob = joiner()
        flood(&bob, from: { _ in Self.spoofed }, at: 1_000_000)
        #expect(bob.pairingState.held.count == LobbyPairing.heldPerSource)
        let dropped = bob.statistics.dropped
        #expect(dropped["runner-limit"] == 64 - RunnerDirectory.runnersPerAddress, "\(dropped)")
        #expect(dropped["invitation-limit"] == RunnerDirectory.runnersPerAddress - LobbyPairing.heldPerSource, "\(dropped)")
        #expect(realInvitationShown(to: &bob, at: 1_500_000))
    }

    @Test("64 forged invitations from 64 addresses fill the table; the real invitation still gets in (the longest unheard goes), and the forged ones expire after 30 s")
    func manySources() {
        var bob = joiner()
        flood(&bob, from: { PeerAddress(host: "10.0.1.\($0)", port: 5_000 + $0) }, at: 1_000_000)
        #expect(bob.pairingState.held.count == 64)
        #expect(realInvitationShown(to: &bob, at: 1_500_000))
        // Not heard again for 30 s: forgotten at the next invitation held.
        var later = joiner()
        flood(&later, from: { PeerAddress(host: "10.0.1.\($0)", port: 5_000 + $0) }, at: 1_000_000)
        #expect(realInvitationShown(to: &later, at: 32_000_000))
        #expect(later.pairingState.held.count == 1)
    }

    @Test("a host's third invitation in a minute (the first declined, the second withdrawn) is shown: the host's own oldest is forgotten for it")
    func sameHostAgain() {
        var bob = joiner()
        for (index, id) in [UInt32(9), 10, 11].enumerated() {
            #expect(realInvitationShown(to: &bob, at: 1_000_000 + UInt64(index) * 5_000_000, id: id), "invitation \(id)")
        }
        #expect(bob.pairingState.held.count == LobbyPairing.heldPerSource)
    }
}
