import Domain

// MARK: Extended messages (type 15: a subtype byte, then the subtype's body; docs/PROTOCOL.md)

extension SyncDatagramCodec {
    /// Writes an extended message's subtype and body.
    static func writeExtended(_ message: ExtendedMessage, to writer: inout WireWriter) {
        writer.write(message.type.rawValue)
        switch message {
        case .addressChallenge(let cookie), .addressEcho(let cookie):
            writer.write(cookie)
        case .ghostChunk(let chunk):
            chunk.write(to: &writer)
        case .groupHearing(let runners):
            writer.write(UInt8(runners.count))
            for runner in runners { writer.write(runner.rawValue) }
        }
    }

    /// Reads and checks an extended message: header flags 0, a known subtype, and exactly its length
    /// (`total` bytes without the tag). An unknown subtype (16 … 255 included, until the identity
    /// messages exist) is `field-out-of-range` ("subtype").
    static func readExtended(_ header: DatagramHeader, total: Int, from reader: inout WireReader) throws(DatagramError) -> SyncMessage {
        let sender = header.sender
        guard header.flags == 0 else { throw .fieldOutOfRange("flags") }
        guard let subtype = ExtendedType(rawValue: try reader.readUInt8()) else { throw .fieldOutOfRange("subtype") }
        guard subtype.lengths.contains(total) else {
            throw .lengthMismatch(expected: subtype.lengths.lowerBound, actual: total)
        }
        switch subtype {
        case .addressChallenge: return .extended(.addressChallenge(cookie: try reader.readUInt64()))
        case .addressEcho: return .extended(.addressEcho(cookie: try reader.readUInt64()))
        case .ghostChunk: return .extended(.ghostChunk(try GhostChunkDTO.read(from: &reader, sender: sender, total: total)))
        case .groupHearing:
            // An empty list says the sender hears nobody on the group any more.
            let count = Int(try reader.readUInt8())
            guard total == 18 + 8 * count else { throw .lengthMismatch(expected: 18 + 8 * count, actual: total) }
            var runners: [RunnerID] = []
            for _ in 0..<count {
                let runner = RunnerID(rawValue: try reader.readUInt64())
                guard runner.rawValue != 0, !runners.contains(runner) else { throw .fieldOutOfRange("runner") }
                runners.append(runner)
            }
            return .extended(.groupHearing(runners))
        }
    }
}
