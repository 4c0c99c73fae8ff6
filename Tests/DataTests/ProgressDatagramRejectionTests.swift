import Data
import Domain
import Foundation
import Testing

/// Every malformed input class is refused with its own error, before anything is applied.
@Suite("ProgressDatagram rejections")
struct ProgressDatagramRejectionTests {
    /// Field offsets of docs/PROTOCOL.md.
    enum Offset {
        static let version = 2, type = 3, mode = 16, goal = 17, phase = 21, flags = 22
        static let elapsed = 23, finish = 31, nameLength = 35, name = 36
    }

    /// A valid datagram of a finished runner (so that every flag and field is in use), name "alice".
    static let finished = ProgressDatagram.encode(Sample.progress(
        phase: .finished, elapsed: 1_300, distance: 5_003.21, finishTime: 1_299.5, hasFinalResult: true
    ))
    /// A valid datagram of a running runner.
    static let running = ProgressDatagram.encode(Sample.progress(phase: .running))

    private func with(_ bytes: [UInt8], _ change: (inout [UInt8]) -> Void) -> [UInt8] {
        var copy = bytes
        change(&copy)
        return copy
    }

    private func put(_ value: UInt32, at offset: Int, in bytes: inout [UInt8]) {
        for index in 0..<4 { bytes[offset + index] = UInt8(truncatingIfNeeded: value >> UInt32(24 - 8 * index)) }
    }

    /// A valid running datagram whose name field is replaced by `name` (its length byte too).
    private func named(_ name: [UInt8]) -> [UInt8] {
        with(Self.running) { bytes in
            bytes.removeSubrange(Offset.name...)
            bytes[Offset.nameLength] = UInt8(name.count)
            bytes += name
        }
    }

    private func expectRejected(_ bytes: [UInt8], _ expected: DatagramError, sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(throws: expected, sourceLocation: sourceLocation) { try ProgressDatagram.decode(bytes) }
    }

    @Test("the base datagrams are valid")
    func baseIsValid() throws {
        #expect(try ProgressDatagram.decode(Self.finished).phase == .finished)
        #expect(try ProgressDatagram.decode(Self.running).phase == .running)
    }

    // MARK: Length, magic, version, type

    @Test("shorter than a header with a 1-byte name: too short", arguments: [0, 1, 4, 35, 36])
    func tooShort(length: Int) {
        expectRejected(Array(Self.running.prefix(length)), .tooShort(length: length))
    }

    @Test("longer than the longest message: too long", arguments: [69, 100, 1_500, 65_507])
    func tooLong(length: Int) {
        let bytes = ProgressDatagram.encode(Sample.progress(name: String(repeating: "x", count: 32)))
        expectRejected(bytes + [UInt8](repeating: 0x41, count: length - bytes.count), .tooLong(length: length))
    }

    @Test("a wrong magic", arguments: [[0x4D, 0x53], [0x52, 0x4D], [0, 0], [0xFF, 0xFF]] as [[UInt8]])
    func badMagic(magic: [UInt8]) {
        expectRejected(with(Self.running) { $0[0] = magic[0]; $0[1] = magic[1] }, .badMagic)
    }

    @Test("an unsupported version", arguments: [0, 2, 255] as [UInt8])
    func unsupportedVersion(version: UInt8) {
        expectRejected(with(Self.running) { $0[Offset.version] = version }, .unsupportedVersion(version))
    }

    @Test("an unknown message type", arguments: [0, 2, 200] as [UInt8])
    func unknownType(type: UInt8) {
        expectRejected(with(Self.running) { $0[Offset.type] = type }, .unknownType(type))
    }

    @Test("a name length that disagrees with the datagram's length")
    func lengthMismatch() {
        // "alice" is 5 bytes: say 6, then 4; and cut one byte off the end.
        expectRejected(with(Self.running) { $0[Offset.nameLength] = 6 }, .lengthMismatch(expected: 42, actual: 41))
        expectRejected(with(Self.running) { $0[Offset.nameLength] = 4 }, .lengthMismatch(expected: 40, actual: 41))
        expectRejected(Array(Self.running.dropLast()), .lengthMismatch(expected: 41, actual: 40))
        expectRejected(Self.running + [0x61], .lengthMismatch(expected: 41, actual: 42))
    }

    // MARK: Fields out of range

    @Test("an unknown mode", arguments: [3, 4, 255] as [UInt8])
    func mode(value: UInt8) {
        expectRejected(with(Self.running) { $0[Offset.mode] = value }, .fieldOutOfRange("mode"))
    }

    @Test("a goal of 0 or beyond 1000 km", arguments: [0, 100_000_001, 200_000_000, .max] as [UInt32])
    func goal(centimetres: UInt32) {
        expectRejected(with(Self.running) { put(centimetres, at: Offset.goal, in: &$0) }, .fieldOutOfRange("goal"))
    }

    @Test("goals of 1 cm and of exactly 1000 km are in range")
    func goalEdges() throws {
        for centimetres: UInt32 in [1, 100_000_000] {
            let decoded = try ProgressDatagram.decode(with(Self.running) { put(centimetres, at: Offset.goal, in: &$0) })
            #expect(decoded.terms.goal.centimetres == centimetres)
        }
    }

    @Test("an unknown phase", arguments: [4, 5, 255] as [UInt8])
    func phase(value: UInt8) {
        expectRejected(with(Self.running) { $0[Offset.phase] = value }, .fieldOutOfRange("phase"))
    }

    @Test("reserved flag bits set", arguments: [0x04, 0x08, 0x80, 0xFC, 0xFF] as [UInt8])
    func reservedFlags(flags: UInt8) {
        expectRejected(with(Self.finished) { $0[Offset.flags] = flags }, .fieldOutOfRange("flags"))
    }

    @Test("the finish-time flag disagreeing with the phase")
    func finishFlagVersusPhase() {
        // Finished, but the flag says there is no finish time.
        expectRejected(with(Self.finished) { $0[Offset.flags] = 0x01 }, .fieldOutOfRange("finish"))
        // Running or waiting, but the flag says there is one (with a plausible value).
        for phase: UInt8 in [0, 1] {
            expectRejected(
                with(Self.finished) { $0[Offset.phase] = phase },
                .fieldOutOfRange("finish")
            )
        }
        // Running with the flag clear, but a finish value other than "absent".
        expectRejected(with(Self.running) { put(1_000, at: Offset.finish, in: &$0) }, .fieldOutOfRange("finish"))
        // Finished, flag set, but the value is the "absent" marker (later than any elapsed).
        expectRejected(with(Self.finished) { put(.max, at: Offset.finish, in: &$0) }, .fieldOutOfRange("finish"))
    }

    @Test("a finish time after the elapsed time")
    func finishAfterElapsed() throws {
        expectRejected(with(Self.finished) { put(1_300_001, at: Offset.finish, in: &$0) }, .fieldOutOfRange("finish"))
        // Equal is fine.
        let equal = try ProgressDatagram.decode(with(Self.finished) { put(1_300_000, at: Offset.finish, in: &$0) })
        #expect(equal.finishTime == 1_300)
    }

    @Test("a name length of 0 or more than 32", arguments: [0, 33, 34, 255])
    func nameLength(length: Int) {
        let bytes = named([UInt8](repeating: 0x61, count: max(1, min(length, 32))))
        expectRejected(with(bytes) { $0[Offset.nameLength] = UInt8(length) }, .fieldOutOfRange("name-length"))
    }

    @Test(
        "a name that is not UTF-8",
        arguments: [[0xFF], [0xC3], [0x61, 0xC3, 0x28], [0xE2, 0x82], [0xED, 0xA0, 0x80], [0xF4, 0x90, 0x80, 0x80], [0xC0, 0xAF]] as [[UInt8]]
    )
    func invalidUTF8(name: [UInt8]) {
        expectRejected(named(name), .fieldOutOfRange("name"))
    }

    @Test("a name with control characters", arguments: ["a\u{7}b", "a\u{0}", "\u{1B}[2J", "a\nb", "a\tb", "x\u{7F}", "x\u{85}y"])
    func controlCharacters(name: String) {
        expectRejected(named(Array(name.utf8)), .fieldOutOfRange("name"))
    }

    @Test("a name with leading or trailing white space, or only white space", arguments: [" bob", "bob ", " ", "\u{A0}bob"])
    func untrimmedName(name: String) {
        expectRejected(named(Array(name.utf8)), .fieldOutOfRange("name"))
    }

    @Test("each drop reason has a stable name and a readable description")
    func reasons() {
        let cases: [(DatagramError, String)] = [
            (.tooShort(length: 3), "too-short"), (.tooLong(length: 99), "too-long"), (.badMagic, "bad-magic"),
            (.unsupportedVersion(2), "unsupported-version"), (.unknownType(9), "unknown-type"),
            (.lengthMismatch(expected: 41, actual: 40), "length-mismatch"), (.fieldOutOfRange("goal"), "field-out-of-range"),
        ]
        for (error, reason) in cases {
            #expect(error.reason == reason)
            #expect(!error.description.isEmpty)
        }
        #expect(DatagramError.unsupportedVersion(2).description.contains("update materunner"))
        #expect(DatagramError.fieldOutOfRange("goal").description.contains("'goal'"))
        #expect(DatagramError.lengthMismatch(expected: 41, actual: 40).description.contains("40 bytes"))
    }
}
