import Domain
import Foundation

/// Protocol version 1, message type 1: one runner's progress. Byte layout in docs/PROTOCOL.md.
public enum ProgressDatagram {
    public static let magic: [UInt8] = [0x4D, 0x52]  // "MR"
    public static let version: UInt8 = 1
    public static let type: UInt8 = 1
    /// Bytes before the name.
    public static let headerLength = 36
    /// The largest datagram this version sends or accepts.
    public static let maximumLength = headerLength + Runner.maximumNameBytes

    private static let finalResultFlag: UInt8 = 0x01
    private static let finishTimeFlag: UInt8 = 0x02
    private static let noValue = UInt32.max

    /// Encodes one progress update. Values beyond the fields' ranges are clamped.
    public static func encode(_ progress: RunnerProgress) -> [UInt8] {
        let name = Array(wireName(progress.runner.name).utf8)
        var writer = WireWriter(capacity: headerLength + name.count)
        writer.write(contentsOf: magic)
        writer.write(version)
        writer.write(type)
        writer.write(progress.runner.id.rawValue)
        writer.write(progress.sequence)
        writer.write(progress.terms.mode.rawValue)
        writer.write(progress.terms.goal.centimetres)
        writer.write(progress.phase.rawValue)
        var flags: UInt8 = 0
        if progress.hasFinalResult { flags |= finalResultFlag }
        if progress.finishTime != nil { flags |= finishTimeFlag }
        writer.write(flags)
        writer.write(milliseconds(progress.elapsed))
        writer.write(centimetres(progress.distance))
        writer.write(progress.finishTime.map(milliseconds) ?? noValue)
        writer.write(UInt8(name.count))
        writer.write(contentsOf: name)
        return writer.bytes
    }

    /// Decodes and checks one datagram: every field is range-checked before anything is returned.
    public static func decode(_ bytes: [UInt8]) throws(DatagramError) -> RunnerProgress {
        guard bytes.count >= headerLength + 1 else { throw .tooShort(length: bytes.count) }
        guard bytes.count <= maximumLength else { throw .tooLong(length: bytes.count) }
        var reader = WireReader(bytes)
        guard Array(try reader.readBytes(2)) == magic else { throw .badMagic }
        let messageVersion = try reader.readUInt8()
        guard messageVersion == version else { throw .unsupportedVersion(messageVersion) }
        let messageType = try reader.readUInt8()
        guard messageType == type else { throw .unknownType(messageType) }
        let id = RunnerID(rawValue: try reader.readUInt64())
        let sequence = try reader.readUInt32()
        guard let mode = RaceMode(rawValue: try reader.readUInt8()) else { throw .fieldOutOfRange("mode") }
        let goalCentimetres = try reader.readUInt32()
        guard goalCentimetres > 0, Double(goalCentimetres) <= RaceGoal.maximumKilometres * 100_000 else {
            throw .fieldOutOfRange("goal")
        }
        guard let phase = RunnerPhase(rawValue: try reader.readUInt8()) else { throw .fieldOutOfRange("phase") }
        let flags = try reader.readUInt8()
        guard flags & ~(finalResultFlag | finishTimeFlag) == 0 else { throw .fieldOutOfRange("flags") }
        let elapsed = try reader.readUInt32()
        let distance = try reader.readUInt32()
        let finish = try reader.readUInt32()
        let hasFinish = flags & finishTimeFlag != 0
        guard hasFinish == (phase == .finished), hasFinish ? finish <= elapsed : finish == noValue else {
            throw .fieldOutOfRange("finish")
        }
        let nameLength = Int(try reader.readUInt8())
        guard (1...Runner.maximumNameBytes).contains(nameLength) else { throw .fieldOutOfRange("name-length") }
        guard reader.remaining == nameLength else {
            throw .lengthMismatch(expected: headerLength + nameLength, actual: bytes.count)
        }
        guard let name = String(validating: try reader.readBytes(nameLength), as: UTF8.self),
              (try? Runner.validate(name: name)) == name
        else { throw .fieldOutOfRange("name") }
        return RunnerProgress(
            runner: Runner(id: id, name: name),
            terms: RaceTerms(mode: mode, goal: RaceGoal(centimetres: goalCentimetres)),
            sequence: sequence,
            phase: phase,
            elapsed: Double(elapsed) / 1000,
            distance: Double(distance) / 100,
            finishTime: hasFinish ? Double(finish) / 1000 : nil,
            hasFinalResult: flags & finalResultFlag != 0
        )
    }

    /// The name as sent: cut to whole characters within 32 bytes, trimmed, so that `decode` accepts it.
    static func wireName(_ name: String) -> String {
        var cut = ""
        for character in name {
            guard cut.utf8.count + character.utf8.count <= Runner.maximumNameBytes else { break }
            cut.append(character)
        }
        return (try? Runner.validate(name: cut)) ?? "runner"
    }

    private static func milliseconds(_ seconds: TimeInterval) -> UInt32 {
        clamped((seconds * 1000).rounded(), below: noValue)
    }

    private static func centimetres(_ metres: Double) -> UInt32 {
        clamped((metres * 100).rounded(), below: noValue)
    }

    private static func clamped(_ value: Double, below limit: UInt32) -> UInt32 {
        guard value.isFinite, value > 0 else { return 0 }
        return value >= Double(limit) ? limit - 1 : UInt32(value)
    }
}
