@testable import SyncCore
import Domain
import SyncWire
import Testing

/// Every signed message of a real exchange, tampered: its signature with one bit flipped. A harness
/// that passes each datagram it delivers to `check` (before the real one) proves, for each signed
/// subtype that goes by, that a bad signature is refused and changes nothing.
final class SignatureTamper: @unchecked Sendable {
    /// The signed subtypes a tampered copy of was refused.
    private(set) var refused: Set<UInt8> = []
    /// The signed subtypes whose tampered copy got through (must stay empty).
    private(set) var accepted: Set<UInt8> = []

    /// `pairing` with one bit of its signature flipped; nil for a subtype that carries none.
    static func flipped(_ pairing: PairingDTO) -> PairingDTO? {
        func flip(_ signature: [UInt8]) -> [UInt8] {
            var bad = signature
            if !bad.isEmpty { bad[bad.count / 2] ^= 0x10 }
            return bad
        }
        switch pairing {
        case .offer(let id, let invitee, var offer): offer.signature = flip(offer.signature); return .offer(invitation: id, invitee: invitee, offer)
        case .reply(let id, let host, var reply): reply.signature = flip(reply.signature); return .reply(invitation: id, host: host, reply)
        case .reveal(let id, let invitee, var reveal): reveal.signature = flip(reveal.signature); return .reveal(invitation: id, invitee: invitee, reveal)
        case .decision(let id, let host, var decision): decision.signature = flip(decision.signature); return .decision(invitation: id, host: host, decision)
        case .grant(let id, let invitee, var grant): grant.signature = flip(grant.signature); return .grant(invitation: id, invitee: invitee, grant)
        case .roster(let id, let invitee, var roster): roster.signature = flip(roster.signature); return .roster(invitation: id, invitee: invitee, roster)
        case .statement(let id, let runner, var statement): statement.signature = flip(statement.signature); return .statement(invitation: id, runner: runner, statement)
        case .watchRequest(var request): request.signature = flip(request.signature); return .watchRequest(request)
        case .watchGrant(let spectator, var grant): grant.signature = flip(grant.signature); return .watchGrant(spectator: spectator, grant)
        case .signedBoot(let id, let runner, let epoch, let signature): return .signedBoot(invitation: id, runner: runner, epoch: epoch, signature: flip(signature))
        case .outcomeSignature(let id, let invitee, let kind, let signature): return .outcomeSignature(invitation: id, invitee: invitee, kind: kind, signature: flip(signature))
        case .courseRequest(let id, let host, var request): request.signature = flip(request.signature); return .courseRequest(invitation: id, host: host, request)
        case .courseChunk(let id, let invitee, var chunk): chunk.signature = flip(chunk.signature); return .courseChunk(invitation: id, invitee: invitee, chunk)
        case .watchRefusal: return nil
        }
    }

    /// When `bytes` is a signed pairing message: a copy of `state` receives it tampered, which must be
    /// dropped with nothing handed on and nothing else changed; `state` itself is left alone.
    func check(_ bytes: [UInt8], to state: PeerState, from source: PeerAddress, clocks: SyncClocks) {
        let decoded = (try? SyncDatagramCodec.decode(bytes, key: state.key)).map { ($0, state.key) }
            ?? (try? SyncDatagramCodec.decode(bytes)).map { ($0, nil) }
        guard let (datagram, key) = decoded, case .pairing(let pairing) = datagram.message,
              let rule = MessageRule.rule(for: datagram.message), rule.signature != .none, let bad = Self.flipped(pairing)
        else { return }
        let tampered = SyncDatagramCodec.encode(SyncDatagram(sender: datagram.sender, sequence: datagram.sequence, message: .pairing(bad)), key: key)
        var probe = state
        let before = StateFingerprint(probe, directory: false)
        let dropped = probe.statistics.droppedTotal
        let effects = probe.receive(tampered, from: source, clocks: clocks)
        let handedOn = !effects.progress.isEmpty || effects.lobby != nil || !effects.ghosts.isEmpty || effects.pairingCode != nil
        if probe.statistics.droppedTotal == dropped + 1, !handedOn, StateFingerprint(probe, directory: false) == before {
            refused.insert(pairing.subtype)
        } else {
            accepted.insert(pairing.subtype)
        }
    }
}
