import Domain

// MARK: Deltas and acknowledgements (types 12 and 13)

extension SyncDatagramCodec {
    /// The header flags of a delta: its phase and final-result bit, as a progress's.
    static func deltaFlags(_ delta: ProgressDeltaDTO) -> UInt8 {
        delta.phase.rawValue & phaseMask | (delta.hasFinalResult ? finalResultFlag : 0)
    }

    /// Writes the body of a delta or an acknowledgement (docs/PROTOCOL.md, "Deltas").
    static func writeDelta(_ message: SyncMessage, to writer: inout WireWriter) {
        switch message {
        case .progressDelta(let delta):
            writer.write(delta.baseBack)
            writer.write(contentsOf: [UInt8(delta.elapsedDelta >> 8), UInt8(truncatingIfNeeded: delta.elapsedDelta)])
            writer.write(contentsOf: [UInt8(delta.distanceDelta >> 8), UInt8(truncatingIfNeeded: delta.distanceDelta)])
        case .acknowledgement(let number):
            writer.write(number)
        default:
            break
        }
    }

    /// Reads and checks the body of a delta (phase not finished, base 1 … 255 back, not before datagram 1)
    /// or an acknowledgement (flags 0, number > 0).
    static func readDelta(_ header: DatagramHeader, from reader: inout WireReader) throws(DatagramError) -> SyncMessage {
        if header.type == .acknowledgement {
            guard header.flags == 0 else { throw .fieldOutOfRange("flags") }
            let number = try reader.readUInt32()
            guard number > 0 else { throw .fieldOutOfRange("acknowledged") }
            return .acknowledgement(number: number)
        }
        guard header.flags & ~(phaseMask | finalResultFlag) == 0 else { throw .fieldOutOfRange("flags") }
        guard let phase = RunnerPhase(rawValue: header.flags & phaseMask), phase != .finished else {
            throw .fieldOutOfRange("phase")
        }
        let back = try reader.readUInt8()
        guard back > 0, UInt32(back) < header.sequence else { throw .fieldOutOfRange("base") }
        let elapsed = UInt16(try reader.readUInt8()) << 8 | UInt16(try reader.readUInt8())
        let distance = UInt16(try reader.readUInt8()) << 8 | UInt16(try reader.readUInt8())
        return .progressDelta(ProgressDeltaDTO(
            baseBack: back, phase: phase, hasFinalResult: header.flags & finalResultFlag != 0,
            elapsedDelta: elapsed, distanceDelta: distance
        ))
    }
}
