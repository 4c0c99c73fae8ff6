import Domain

// MARK: Deltas, acknowledgements and compact finished progress (types 12, 13 and 14)

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
            if let back = delta.finishBack { writer.write(contentsOf: [UInt8(back >> 8), UInt8(truncatingIfNeeded: back)]) }
        case .acknowledgement(let number):
            writer.write(number)
        case .finishedProgress(let report):
            let finishBack = report.elapsedMilliseconds - min(report.finishMilliseconds ?? report.elapsedMilliseconds, report.elapsedMilliseconds)
            for value in [report.elapsedMilliseconds, report.distanceCentimetres] {
                writer.write(contentsOf: [UInt8(truncatingIfNeeded: value >> 16), UInt8(truncatingIfNeeded: value >> 8), UInt8(truncatingIfNeeded: value)])
            }
            writer.write(contentsOf: [UInt8(truncatingIfNeeded: finishBack >> 8), UInt8(truncatingIfNeeded: finishBack)])
        default:
            break
        }
    }

    /// Whether `report` (finished) fits a compact finished progress.
    package static func fitsFinishedProgress(_ report: ProgressReportDTO) -> Bool {
        guard report.phase == .finished, let finish = report.finishMilliseconds, finish <= report.elapsedMilliseconds else { return false }
        return report.elapsedMilliseconds < 1 << 24 && report.distanceCentimetres < 1 << 24
            && report.elapsedMilliseconds - finish <= UInt32(UInt16.max)
    }

    /// Reads and checks the body of a delta (base 1 … 255 back, not before datagram 1; 2 more bytes, the
    /// finish, exactly when finished), an acknowledgement (flags 0, number > 0) or a compact finished
    /// progress (flags: the final-result bit only; finish ≤ elapsed).
    static func readDelta(_ header: DatagramHeader, from reader: inout WireReader) throws(DatagramError) -> SyncMessage {
        if header.type == .finishedProgress {
            guard header.flags & ~finalResultFlag == 0 else { throw .fieldOutOfRange("flags") }
            let elapsed = try readUInt24(&reader), distance = try readUInt24(&reader)
            let back = UInt32(try readUInt16(&reader))
            guard back <= elapsed else { throw .fieldOutOfRange("finish") }
            return .finishedProgress(ProgressReportDTO(
                phase: .finished, hasFinalResult: header.flags & finalResultFlag != 0,
                elapsedMilliseconds: elapsed, distanceCentimetres: distance, finishMilliseconds: elapsed - back
            ))
        }
        if header.type == .acknowledgement {
            guard header.flags == 0 else { throw .fieldOutOfRange("flags") }
            let number = try reader.readUInt32()
            guard number > 0 else { throw .fieldOutOfRange("acknowledged") }
            return .acknowledgement(number: number)
        }
        guard header.flags & ~(phaseMask | finalResultFlag) == 0 else { throw .fieldOutOfRange("flags") }
        guard let phase = RunnerPhase(rawValue: header.flags & phaseMask) else { throw .fieldOutOfRange("phase") }
        let expected = phase == .finished ? 7 : 5
        guard reader.remaining == expected else {
            throw .lengthMismatch(expected: DatagramHeader.length + expected, actual: DatagramHeader.length + reader.remaining)
        }
        let back = try reader.readUInt8()
        guard back > 0, UInt32(back) < header.sequence else { throw .fieldOutOfRange("base") }
        let elapsed = try readUInt16(&reader), distance = try readUInt16(&reader)
        let finishBack = phase == .finished ? try readUInt16(&reader) : nil
        return .progressDelta(ProgressDeltaDTO(
            baseBack: back, phase: phase, hasFinalResult: header.flags & finalResultFlag != 0,
            elapsedDelta: elapsed, distanceDelta: distance, finishBack: finishBack
        ))
    }

    private static func readUInt16(_ reader: inout WireReader) throws(DatagramError) -> UInt16 {
        UInt16(try reader.readUInt8()) << 8 | UInt16(try reader.readUInt8())
    }

    private static func readUInt24(_ reader: inout WireReader) throws(DatagramError) -> UInt32 {
        UInt32(try readUInt16(&reader)) << 8 | UInt32(try reader.readUInt8())
    }
}
