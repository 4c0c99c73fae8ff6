import Domain

// MARK: Restart catch-up (types 10 and 11)

extension SyncDatagramCodec {
    /// Writes the body of a boot or relayed-state message (docs/PROTOCOL.md, "Restart and catch-up").
    static func writeCatchUp(_ message: SyncMessage, to writer: inout WireWriter) {
        switch message {
        case .boot(let epoch):
            writer.write(epoch)
        case let .relayedState(subject, highestNumber, heldSequence, report):
            writer.write(subject.rawValue)
            writer.write(highestNumber)
            writer.write(heldSequence)
            writer.write(report.phase.rawValue & phaseMask | (report.hasFinalResult ? finalResultFlag : 0))
            writer.write(report.elapsedMilliseconds)
            writer.write(report.distanceCentimetres)
            writer.write(report.finishMilliseconds ?? 0)
        default:
            break
        }
    }

    /// Reads and checks the body of a boot or relayed-state message; header flags must be 0.
    static func readCatchUp(_ header: DatagramHeader, from reader: inout WireReader) throws(DatagramError) -> SyncMessage {
        guard header.flags == 0 else { throw .fieldOutOfRange("flags") }
        if header.type == .boot {
            let epoch = try reader.readUInt64()
            guard epoch > 0 else { throw .fieldOutOfRange("epoch") }
            return .boot(epoch: epoch)
        }
        let subject = RunnerID(rawValue: try reader.readUInt64())
        guard subject != header.sender, subject.rawValue != 0 else { throw .fieldOutOfRange("subject") }
        let highestNumber = try reader.readUInt32()
        let heldSequence = try reader.readUInt32()
        guard heldSequence > 0, heldSequence <= highestNumber else { throw .fieldOutOfRange("held-sequence") }
        let state = try reader.readUInt8()
        guard state & ~(phaseMask | finalResultFlag) == 0 else { throw .fieldOutOfRange("state") }
        guard let phase = RunnerPhase(rawValue: state & phaseMask) else { throw .fieldOutOfRange("phase") }
        let elapsed = try reader.readUInt32()
        let distance = try reader.readUInt32()
        let finish = try reader.readUInt32()
        guard phase == .finished || finish == 0 else { throw .fieldOutOfRange("finish") }
        let report = ProgressReportDTO(
            phase: phase, hasFinalResult: state & finalResultFlag != 0,
            elapsedMilliseconds: elapsed, distanceCentimetres: distance,
            finishMilliseconds: phase == .finished ? finish : nil
        )
        guard report.isConsistent else { throw .fieldOutOfRange("finish") }
        return .relayedState(subject: subject, highestNumber: highestNumber, heldSequence: heldSequence, report: report)
    }
}
