import Domain

// The pairing messages (type 15, subtypes 16-20): docs/PROTOCOL.md, "Pairing messages". The codec checks
// lengths, ids and that keys are keys; signatures, commitments and seals are the exchange's to check
// (`HostPairing`, `JoinerPairing`).
extension SyncDatagramCodec {
    /// Writes a pairing message's body: the subtype, invitation, runner, then its fields.
    static func writePairing(_ pairing: PairingDTO, to writer: inout WireWriter) {
        writer.write(pairing.subtype)
        writer.write(pairing.invitation)
        switch pairing {
        case let .offer(_, invitee, offer):
            writer.write(invitee.rawValue)
            writeIdentity(offer.identity, to: &writer)
            writer.write(contentsOf: offer.ephemeral + offer.commitment + offer.signature)
        case let .reply(_, host, reply):
            writer.write(host.rawValue)
            writeIdentity(reply.identity, to: &writer)
            writer.write(contentsOf: reply.ephemeral + reply.nonce + reply.signature)
        case let .reveal(_, invitee, reveal):
            writer.write(invitee.rawValue)
            writer.write(contentsOf: reveal.nonce + reveal.signature)
        case let .decision(_, host, decision):
            writer.write(host.rawValue)
            writer.write(UInt8(decision.accepted ? 1 : 0))
            writer.write(contentsOf: decision.signature)
        case let .grant(_, invitee, grant):
            writer.write(invitee.rawValue)
            writer.write(contentsOf: grant.sealed + grant.signature)
        }
    }

    private static func writeIdentity(_ identity: MateIdentity, to writer: inout WireWriter) {
        writer.write(contentsOf: identity.signingKey + identity.agreementKey)
    }

    /// Reads an extended message's body (type 15): a pairing subtype, exactly its length, runner ids
    /// neither 0 nor the sender, valid identity keys.
    static func readExtended(flags: UInt8, sender: RunnerID, from reader: inout WireReader) throws(DatagramError) -> SyncMessage {
        guard flags == 0 else { throw .fieldOutOfRange("flags") }
        let subtype = try reader.readUInt8()
        guard let length = PairingDTO.bodyLength(subtype: subtype) else { throw .fieldOutOfRange("subtype") }
        guard reader.remaining == length else {
            throw .lengthMismatch(expected: reader.offset + length, actual: reader.offset + reader.remaining)
        }
        let invitation = try reader.readUInt32()
        let other = RunnerID(rawValue: try reader.readUInt64())
        guard other.rawValue != 0, other != sender else { throw .fieldOutOfRange("runner") }
        func bytes(_ count: Int) throws(DatagramError) -> [UInt8] { Array(try reader.readBytes(count)) }
        let pairing: PairingDTO
        switch subtype {
        case 16:
            let identity = try readIdentity(from: &reader)
            pairing = .offer(invitation: invitation, invitee: other, PairingOffer(
                identity: identity, ephemeral: try bytes(32), commitment: try bytes(32), signature: try bytes(64)
            ))
        case 17:
            let identity = try readIdentity(from: &reader)
            pairing = .reply(invitation: invitation, host: other, PairingReply(
                identity: identity, ephemeral: try bytes(32), nonce: try bytes(16), signature: try bytes(64)
            ))
        case 18:
            pairing = .reveal(invitation: invitation, invitee: other, PairingReveal(nonce: try bytes(16), signature: try bytes(64)))
        case 19:
            let accepted = try reader.readUInt8()
            guard accepted <= 1 else { throw .fieldOutOfRange("accepted") }
            pairing = .decision(invitation: invitation, host: other, PairingDecision(accepted: accepted == 1, signature: try bytes(64)))
        default:
            pairing = .grant(invitation: invitation, invitee: other, PairingGrant(sealed: try bytes(PairingGrant.sealedLength), signature: try bytes(64)))
        }
        return .pairing(pairing)
    }

    private static func readIdentity(from reader: inout WireReader) throws(DatagramError) -> MateIdentity {
        let signing = Array(try reader.readBytes(32)), agreement = Array(try reader.readBytes(32))
        guard let identity = IdentityFingerprint.identity(signingKey: signing, agreementKey: agreement) else {
            throw .fieldOutOfRange("identity")
        }
        return identity
    }
}
