import Domain

// The pairing, watch and signed messages (type 15, from `ExtendedType.firstIdentitySubtype` on): docs/PROTOCOL.md, "Pairing messages". The codec checks
// lengths, ids and that keys are keys; signatures, commitments and seals are the exchange's to check
// (`HostPairing`, `JoinerPairing`).
extension SyncDatagramCodec {
    /// Writes a pairing message's body: the subtype, invitation, runner, then its fields.
    static func writePairing(_ pairing: PairingDTO, to writer: inout WireWriter) {
        writer.write(pairing.subtype)
        if writeWatch(pairing, to: &writer) { return }
        writer.write(pairing.invitation ?? 0)
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
        case let .roster(_, invitee, roster):
            writer.write(invitee.rawValue)
            writer.write(UInt8(roster.keys.count))
            for (id, key) in roster.entries {
                writer.write(id.rawValue)
                writer.write(contentsOf: key)
            }
            writer.write(contentsOf: roster.signature)
        case let .statement(_, runner, statement):
            writer.write(runner.rawValue)
            writer.write(statement.phase.rawValue)
            writer.write(statement.elapsedMilliseconds)
            writer.write(statement.distanceCentimetres)
            writer.write(statement.finishMilliseconds)
            writer.write(contentsOf: statement.signature)
        case let .signedBoot(_, runner, epoch, signature):
            writer.write(runner.rawValue)
            writer.write(epoch)
            writer.write(contentsOf: signature)
        case let .outcomeSignature(_, invitee, kind, signature):
            writer.write(invitee.rawValue)
            writer.write(kind)
            writer.write(contentsOf: signature)
        case let .courseRequest(_, host, request):
            writer.write(host.rawValue)
            writer.write(request.index)
            writer.write(contentsOf: request.signature)
        case let .courseChunk(_, invitee, chunk):
            writer.write(invitee.rawValue)
            writer.write(contentsOf: chunk.signedBytes)
            writer.write(contentsOf: chunk.signature)
        case .watchRequest, .watchGrant, .watchRefusal:
            break
        }
    }

    /// Writes a watch message's body (subtypes 23 … 25, which name no invitation first); false for the others.
    private static func writeWatch(_ pairing: PairingDTO, to writer: inout WireWriter) -> Bool {
        switch pairing {
        case .watchRequest(let request):
            writeIdentity(request.identity, to: &writer)
            writer.write(contentsOf: request.ephemeral)
            writer.write(contentsOf: [UInt8](repeating: 0, count: WatchRequest.paddingLength))
            writer.write(contentsOf: request.signature)
        case let .watchGrant(spectator, grant):
            writer.write(grant.invitation)
            writer.write(spectator.rawValue)
            writeIdentity(grant.runner, to: &writer)
            writeIdentity(grant.host, to: &writer)
            writer.write(contentsOf: grant.ephemeral + grant.sealed + grant.signature)
        case let .watchRefusal(spectator, reason):
            writer.write(spectator.rawValue)
            writer.write(reason.rawValue)
        default:
            return false
        }
        return true
    }

    /// Reads a watch message's body (subtypes 23 … 25), its length already checked.
    private static func readWatch(subtype: UInt8, sender: RunnerID, from reader: inout WireReader) throws(DatagramError) -> PairingDTO {
        func bytes(_ count: Int) throws(DatagramError) -> [UInt8] { Array(try reader.readBytes(count)) }
        switch subtype {
        case 23:
            guard sender.rawValue != 0 else { throw .fieldOutOfRange("sender") }
            let identity = try readIdentity(from: &reader)
            let ephemeral = try bytes(32)
            guard try bytes(WatchRequest.paddingLength).allSatisfy({ $0 == 0 }) else { throw .fieldOutOfRange("padding") }
            return .watchRequest(WatchRequest(identity: identity, ephemeral: ephemeral, signature: try bytes(64)))
        case 24:
            let invitation = try reader.readUInt32()
            let spectator = try readOther(sender: sender, from: &reader)
            let runner = try readIdentity(from: &reader), host = try readIdentity(from: &reader)
            return .watchGrant(spectator: spectator, WatchGrant(
                invitation: invitation, runner: runner, host: host, ephemeral: try bytes(32),
                sealed: try bytes(PairingGrant.sealedLength), signature: try bytes(64)
            ))
        default:
            let spectator = try readOther(sender: sender, from: &reader)
            guard let reason = WatchRefusalReason(rawValue: try reader.readUInt8()) else { throw .fieldOutOfRange("reason") }
            return .watchRefusal(spectator: spectator, reason)
        }
    }

    /// A runner id that is neither 0 nor the sender.
    private static func readOther(sender: RunnerID, from reader: inout WireReader) throws(DatagramError) -> RunnerID {
        let other = RunnerID(rawValue: try reader.readUInt64())
        guard other.rawValue != 0, other != sender else { throw .fieldOutOfRange("runner") }
        return other
    }

    private static func writeIdentity(_ identity: MateIdentity, to writer: inout WireWriter) {
        writer.write(contentsOf: identity.signingKey + identity.agreementKey)
    }

    /// Reads an extended message's body (type 15): a pairing subtype, exactly its length, runner ids
    /// neither 0 nor the sender, valid identity keys.
    static func readPairing(flags: UInt8, sender: RunnerID, from reader: inout WireReader) throws(DatagramError) -> SyncMessage {
        guard flags == 0 else { throw .fieldOutOfRange("flags") }
        let subtype = try reader.readUInt8()
        let rosterCount = switch subtype {
        case 21 where reader.remaining > 12: Int(try peekByte(after: 12, reader))
        case 29 where reader.remaining > 16: Int(try peekByte(after: 16, reader))
        default: 0
        }
        guard let length = PairingDTO.bodyLength(subtype: subtype, rosterCount: rosterCount) else { throw .fieldOutOfRange("subtype") }
        guard reader.remaining == length else {
            throw .lengthMismatch(expected: reader.offset + length, actual: reader.offset + reader.remaining)
        }
        if PairingDTO.untaggedSubtypes.contains(subtype) { return .pairing(try readWatch(subtype: subtype, sender: sender, from: &reader)) }
        let invitation = try reader.readUInt32()
        let other = RunnerID(rawValue: try reader.readUInt64())
        // A statement and a signed boot name their sender; every other message the other side of the exchange.
        guard other.rawValue != 0, (other == sender) == (subtype == 22 || subtype == 26) else { throw .fieldOutOfRange("runner") }
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
        case 20:
            pairing = .grant(invitation: invitation, invitee: other, PairingGrant(sealed: try bytes(PairingGrant.sealedLength), signature: try bytes(64)))
        case 21:
            pairing = .roster(invitation: invitation, invitee: other, try readRoster(from: &reader))
        case 26:
            let epoch = try reader.readUInt64()
            guard epoch > 0 else { throw .fieldOutOfRange("epoch") }
            pairing = .signedBoot(invitation: invitation, runner: other, epoch: epoch, signature: try bytes(64))
        case 27:
            let kind = try reader.readUInt8()
            guard (1...4).contains(kind) else { throw .fieldOutOfRange("outcome") }
            pairing = .outcomeSignature(invitation: invitation, invitee: other, kind: kind, signature: try bytes(64))
        case 28:
            let index = try reader.readUInt16()
            guard Int(index) < CourseChunk.maximumCount else { throw .fieldOutOfRange("chunk-index") }
            pairing = .courseRequest(invitation: invitation, host: other, CourseRequest(index: index, signature: try bytes(64)))
        case 29:
            pairing = .courseChunk(invitation: invitation, invitee: other, try readCourseChunk(from: &reader))
        default:
            pairing = .statement(invitation: invitation, runner: other, try readStatement(from: &reader))
        }
        return .pairing(pairing)
    }

    /// The byte `offset` bytes on (a roster's runner count, a course chunk's point count), read without moving `reader`.
    private static func peekByte(after offset: Int, _ reader: WireReader) throws(DatagramError) -> UInt8 {
        var copy = reader
        _ = try copy.readBytes(offset)
        return try copy.readUInt8()
    }

    private static func readRoster(from reader: inout WireReader) throws(DatagramError) -> RaceRoster {
        let count = Int(try reader.readUInt8())
        guard (2...RaceRoster.maximumRunners).contains(count) else { throw .fieldOutOfRange("roster-count") }
        var keys: [RunnerID: [UInt8]] = [:]
        var last: RunnerID?
        for _ in 0..<count {
            let id = RunnerID(rawValue: try reader.readUInt64())
            guard id.rawValue != 0, last.map({ $0 < id }) ?? true else { throw .fieldOutOfRange("roster") }
            last = id
            keys[id] = Array(try reader.readBytes(32))
        }
        return RaceRoster(keys: keys, signature: Array(try reader.readBytes(64)))
    }

    /// A course chunk after its invitation and runner: index < count ≤ 893, 1 … 112 points (112 but in the last), each a
    /// latitude within ±90° and a longitude within ±180° (in 1e-7 degrees).
    private static func readCourseChunk(from reader: inout WireReader) throws(DatagramError) -> CourseChunk {
        let index = try reader.readUInt16(), count = try reader.readUInt16()
        guard count >= 1, Int(count) <= CourseChunk.maximumCount else { throw .fieldOutOfRange("chunk-count") }
        guard index < count else { throw .fieldOutOfRange("chunk-index") }
        let pointCount = Int(try reader.readUInt8())
        // Every chunk but the last is full: the points of chunk i are the course's from 112 i on.
        guard (1...CourseChunk.maximumPoints).contains(pointCount), index == count - 1 || pointCount == CourseChunk.maximumPoints else {
            throw .fieldOutOfRange("chunk-points")
        }
        var points: [Int32] = []
        points.reserveCapacity(2 * pointCount)
        for _ in 0..<pointCount {
            let latitude = Int32(bitPattern: try reader.readUInt32()), longitude = Int32(bitPattern: try reader.readUInt32())
            guard abs(Int64(latitude)) <= Int64(CourseChunk.latitudeLimit), abs(Int64(longitude)) <= Int64(CourseChunk.longitudeLimit) else {
                throw .fieldOutOfRange("chunk-point")
            }
            points += [latitude, longitude]
        }
        return CourseChunk(index: index, count: count, points: points, signature: Array(try reader.readBytes(64)))
    }

    private static func readStatement(from reader: inout WireReader) throws(DatagramError) -> RaceStatement {
        guard let phase = RunnerPhase(rawValue: try reader.readUInt8()), phase == .finished || phase == .cancelled else {
            throw .fieldOutOfRange("phase")
        }
        let elapsed = try reader.readUInt32(), distance = try reader.readUInt32(), finish = try reader.readUInt32()
        guard phase == .finished ? finish <= elapsed : finish == 0 else { throw .fieldOutOfRange("finish") }
        return RaceStatement(
            phase: phase, elapsedMilliseconds: elapsed, distanceCentimetres: distance, finishMilliseconds: finish,
            signature: Array(try reader.readBytes(64))
        )
    }

    private static func readIdentity(from reader: inout WireReader) throws(DatagramError) -> MateIdentity {
        let signing = Array(try reader.readBytes(32)), agreement = Array(try reader.readBytes(32))
        guard let identity = IdentityFingerprint.identity(signingKey: signing, agreementKey: agreement) else {
            throw .fieldOutOfRange("identity")
        }
        return identity
    }
}
