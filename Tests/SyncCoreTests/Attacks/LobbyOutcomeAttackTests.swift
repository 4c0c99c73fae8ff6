@testable import SyncCore
import Domain
import Foundation
import SyncWire
import Testing

/// Outcomes of a paired invitation (docs/PROTOCOL.md, "Signed outcomes"): a joiner that paired with the
/// host takes cancelled, timed out, refused or declined only with the host's signature over its exchange,
/// so a forged plain outcome cannot end its invitation.
@Suite("Attacks: forged lobby outcomes")
struct LobbyOutcomeAttackTests {
    let alice = Runner(id: RunnerID(rawValue: 0xA1), name: "alice")
    let bob = Runner(id: RunnerID(rawValue: 0xB2), name: "bob")
    let clocks = SyncClocks(microseconds: { 1_000 })
    let now = Date(timeIntervalSince1970: 1_800_000_000)

    @Test("a forged plain cancel (any sender with the key, from the host's address) and a cancel signed by another identity are refused and counted; the host's own signed cancel reaches the lobby")
    func forgedCancel() throws {
        var (host, joiner) = try PeerStatePairingTests().exchange()
        let hostAddress = PeerStatePairingTests.hostAddress
        // A key holder sends alice's cancel, without her signature.
        for (index, outcome) in [OutcomeDTO.cancelled, .timedOut, .refused, .declined].enumerated() {
            let forged = SyncDatagramCodec.encode(
                SyncDatagram(sender: alice.id, sequence: UInt32(30 + index), message: .outcome(invitation: 9, outcome)), key: joiner.key
            )
            #expect(joiner.receive(forged, from: hostAddress, clocks: clocks).lobby == nil)
        }
        #expect(joiner.statistics.dropped["unsigned-outcome"] == 4, "\(joiner.statistics.dropped)")
        // A signature by another identity does not check: pairing-refused, and the cancel is still refused.
        let other = DeviceKeys.generate().sign(Array("MateRunner pairing v1 outcome".utf8) + [1])
        let signature = SyncDatagramCodec.encode(SyncDatagram(sender: alice.id, sequence: 40, message: .pairing(
            .outcomeSignature(invitation: 9, invitee: bob.id, kind: 1, signature: other)
        )), key: joiner.key)
        _ = joiner.receive(signature, from: hostAddress, clocks: clocks)
        let again = SyncDatagramCodec.encode(SyncDatagram(sender: alice.id, sequence: 41, message: .outcome(invitation: 9, .cancelled)), key: joiner.key)
        #expect(joiner.receive(again, from: hostAddress, clocks: clocks).lobby == nil)
        #expect(joiner.statistics.dropped["pairing-refused", default: 0] >= 1 && joiner.statistics.dropped["unsigned-outcome"] == 5)
        // Alice's own cancel goes signed, and counts.
        let cancel = host.send(.outcome(invitation: 9, .cancelled), from: alice, to: [bob.id], at: now)
        #expect(try cancel.map { try SyncDatagramCodec.decode($0.bytes, key: host.key).message.type } == [.extended, .outcome])
        let delivered = cancel.map { joiner.receive($0.bytes, from: hostAddress, clocks: clocks) }
        #expect(delivered.last?.message(receivedAt: now)?.message == .outcome(invitation: 9, .cancelled))
        #expect(joiner.statistics.dropped["unsigned-outcome"] == 5)
    }
}
