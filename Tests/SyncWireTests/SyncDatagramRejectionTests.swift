import Domain
import Foundation
import SyncWire
import MateRunnerTesting
import Testing

/// Every malformed input class is refused with its own error, before anything is applied.
@Suite("SyncDatagramCodec rejections")
struct SyncDatagramRejectionTests {
    static let sender = RunnerID(rawValue: 0xA11CE)

    static func encoded(_ message: SyncMessage, sequence: UInt32 = 7) -> [UInt8] {
        SyncDatagramCodec.encode(SyncDatagram(sender: sender, sequence: sequence, message: message))
    }

    static let running = encoded(.progress(ProgressReportDTO(
        phase: .running, hasFinalResult: false, elapsedMilliseconds: 60_000, distanceCentimetres: 20_000, finishMilliseconds: nil
    )))
    static let finished = encoded(.progress(ProgressReportDTO(
        phase: .finished, hasFinalResult: true, elapsedMilliseconds: 60_000, distanceCentimetres: 500_000, finishMilliseconds: 59_000
    )))
    static let hello = encoded(.hello(name: "alice", terms: SyncSample.terms))
    static let cheer = encoded(.cheer(recipient: RunnerID(rawValue: 0xB0B), emoji: .clap, sentAtMilliseconds: 5))
    static let pong = encoded(.clockPong(requester: RunnerID(rawValue: 0xB0B), t1: 1, t2: 10, t3: 12))

    private func with(_ bytes: [UInt8], _ change: (inout [UInt8]) -> Void) -> [UInt8] {
        var copy = bytes
        change(&copy)
        return copy
    }

    private func expectRejected(_ bytes: [UInt8], _ expected: DatagramError, sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(throws: expected, sourceLocation: sourceLocation) { try SyncDatagramCodec.decode(bytes) }
    }

    @Test("the base datagrams are valid")
    func basesAreValid() throws {
        for bytes in [Self.running, Self.finished, Self.hello, Self.cheer, Self.pong] {
            _ = try SyncDatagramCodec.decode(bytes)
        }
    }

    @Test("shorter than the shortest message: too short", arguments: [0, 1, 4, 16, 17])
    func tooShort(length: Int) {
        expectRejected(Array(Self.pong.prefix(length)), .tooShort(length: length))
    }

    @Test("longer than the longest message: too long", arguments: [1_003, 1_100, 1_500, 65_507])
    func tooLong(length: Int) {
        expectRejected(Self.running + [UInt8](repeating: 0, count: length - Self.running.count), .tooLong(length: length))
    }

    @Test("wrong magic, another version (v1 peers included), unknown types")
    func header() {
        expectRejected(with(Self.running) { $0[0] = 0x4E }, .badMagic)
        expectRejected(with(Self.running) { $0[1] = 0 }, .badMagic)
        for version: UInt8 in [0, 1, 3, 255] {
            expectRejected(with(Self.running) { $0[2] = version }, .unsupportedVersion(version))
        }
        #expect(DatagramError.unsupportedVersion(1).description.contains("update materunner on every peer"))
        expectRejected(with(Self.running) { $0[3] = 0 }, .unknownType(0))
        // Type 15 is the extended type: a progress's body under it, its first byte read as subtype 1 (the
        // address challenge, 25 bytes): 24 bytes is not its length.
        expectRejected(with(Self.running) { $0[3] = 15 << 4; $0[16] = 1 }, .lengthMismatch(expected: 25, actual: 24))
        expectRejected(with(Self.running) { $0[12...15] = [0, 0, 0, 0] }, .fieldOutOfRange("sequence"))
    }

    @Test("a version-1 progress datagram is refused as version 1")
    func versionOne() {
        let v1: [UInt8] = [0x4D, 0x52, 1, 1] + [UInt8](repeating: 0, count: 33) + Array("a".utf8)
        expectRejected(v1, .unsupportedVersion(1))
    }

    @Test("a length that does not fit the type or its fields")
    func lengths() {
        expectRejected(Self.running + [0, 0], .lengthMismatch(expected: 24, actual: 26))
        expectRejected(Array(Self.finished.prefix(24)), .lengthMismatch(expected: 28, actual: 24))
        expectRejected(Self.running + [0, 0, 0, 0], .lengthMismatch(expected: 24, actual: 28))
        expectRejected(Array(Self.cheer.prefix(32)), .lengthMismatch(expected: 33, actual: 32))
        expectRejected(Array(Self.pong.prefix(47)), .lengthMismatch(expected: 48, actual: 47))
        expectRejected(Self.hello + [0x61], .lengthMismatch(expected: 27, actual: 28))
        expectRejected(with(Self.hello) { $0[21] = 4 }, .lengthMismatch(expected: 26, actual: 27))
    }

    @Test("flags: undefined bits, and any flag on types that have none")
    func flags() {
        expectRejected(with(Self.running) { $0[3] |= 0x08 }, .lengthMismatch(expected: 32, actual: 24))
        // A hello's bits 0-2 say course / off course / speed-up (HelloCourseCodecTests, HelloSpeedupCodecTests).
        for (base, flag) in [(Self.cheer, UInt8(0x01)), (Self.pong, 0x01)] {
            expectRejected(with(base) { $0[3] |= flag }, .fieldOutOfRange("flags"))
        }
    }

    @Test("a finish time that contradicts the phase or exceeds the elapsed time")
    func finish() {
        expectRejected(with(Self.finished) { $0[24...27] = [0, 0, 0xEA, 0x61] }, .fieldOutOfRange("finish"))
        let finishedPhaseRunningLength = with(Self.running) { $0[3] = 0x12 }
        expectRejected(finishedPhaseRunningLength, .lengthMismatch(expected: 28, actual: 24))
    }

    @Test("hello: mode, goal, name length and name are range-checked")
    func hello() {
        expectRejected(with(Self.hello) { $0[16] = 3 }, .fieldOutOfRange("mode"))
        expectRejected(with(Self.hello) { $0[17...20] = [0, 0, 0, 0] }, .fieldOutOfRange("goal"))
        expectRejected(with(Self.hello) { $0[17...20] = [0x05, 0xF5, 0xE1, 0x01] }, .fieldOutOfRange("goal"))
        expectRejected(with(Self.hello) { $0[21] = 0 }, .fieldOutOfRange("name-length"))
        expectRejected(with(Self.hello) { $0[21] = 33 }, .fieldOutOfRange("name-length"))
        for bad: [UInt8] in [[0xFF, 0x61, 0x61, 0x61, 0x61], [0x61, 0x0A, 0x61, 0x61, 0x61], [0x20, 0x61, 0x61, 0x61, 0x61]] {
            expectRejected(with(Self.hello) { $0[22...26] = bad[...] }, .fieldOutOfRange("name"))
        }
    }

    @Test("cheer: unknown emoji, cheering oneself; pong: sent before received")
    func cheerAndPong() {
        expectRejected(with(Self.cheer) { $0[24] = 12 }, .fieldOutOfRange("emoji"))
        expectRejected(with(Self.cheer) { $0[16...23] = Self.cheer[4...11] }, .fieldOutOfRange("recipient"))
        expectRejected(with(Self.pong) { $0[47] = 0 }, .fieldOutOfRange("t3"))
    }

    @Test("every reason has a stable name and a message saying what to do")
    func reasons() {
        let errors: [DatagramError] = [
            .tooShort(length: 1), .tooLong(length: 99), .badMagic, .unsupportedVersion(1), .unknownType(9),
            .lengthMismatch(expected: 24, actual: 25), .fieldOutOfRange("x"), .unknownSender(Self.sender), .ownSender, .rosterFull,
        ]
        #expect(Set(errors.map(\.reason)).count == errors.count)
        for error in errors { #expect(!error.description.isEmpty) }
    }
}
