import Domain
import Foundation
import MateRunnerTesting
import SyncWire
import Testing

/// Progress deltas and acknowledgements on the wire (types 12, 13 and 14): sizes, round trips,
/// rejections, and when a delta fits.
@Suite("Progress delta codec")
struct ProgressDeltaCodecTests {
    static let sender = RunnerID(rawValue: 0xA11CE)

    static func report(_ elapsed: UInt32, _ distance: UInt32, phase: RunnerPhase = .running) -> ProgressReportDTO {
        SyncSample.report(elapsed, distance, phase: phase)
    }

    private func encoded(_ message: SyncMessage, sequence: UInt32 = 300, key: RaceKey? = nil) -> [UInt8] {
        SyncSample.encoded(message, from: Self.sender, sequence: sequence, key: key)
    }

    // MARK: Codec

    @Test("a delta is 21 bytes (29 keyed), an acknowledgement 20 (28); both round-trip")
    func roundTrip() throws {
        let key = try RaceKey.testing("lake run")
        let delta = ProgressDeltaDTO(baseBack: 7, phase: .cancelled, hasFinalResult: true, elapsedDelta: 65_535, distanceDelta: 1_234)
        for message in [SyncMessage.progressDelta(delta), .acknowledgement(number: 299)] {
            let datagram = SyncDatagram(sender: Self.sender, sequence: 300, message: message)
            #expect(try SyncDatagramCodec.decode(SyncDatagramCodec.encode(datagram)) == datagram)
            #expect(try SyncDatagramCodec.decode(SyncDatagramCodec.encode(datagram, key: key), key: key) == datagram)
        }
        #expect(encoded(.progressDelta(delta)).count == 21)
        #expect(encoded(.progressDelta(delta), key: key).count == 29)
        #expect(encoded(.acknowledgement(number: 1), key: key).count == 28)
        // Type 12 with the phase (cancelled, 3) and the final-result bit in the flags.
        #expect(encoded(.progressDelta(delta))[3] == 0xC7)
    }

    @Test("a finished delta is 23 bytes (31 keyed), a compact finished progress 24 (32); both round-trip")
    func finished() throws {
        let key = try RaceKey.testing("lake run")
        let delta = ProgressDeltaDTO(baseBack: 3, phase: .finished, hasFinalResult: true, elapsedDelta: 900, distanceDelta: 250, finishBack: 420)
        let compact = ProgressReportDTO(
            phase: .finished, hasFinalResult: true, elapsedMilliseconds: (1 << 24) - 1, distanceCentimetres: 500_000,
            finishMilliseconds: (1 << 24) - 1 - 65_535
        )
        for message in [SyncMessage.progressDelta(delta), .finishedProgress(compact)] {
            let datagram = SyncDatagram(sender: Self.sender, sequence: 300, message: message)
            #expect(try SyncDatagramCodec.decode(SyncDatagramCodec.encode(datagram, key: key), key: key) == datagram)
        }
        #expect(encoded(.progressDelta(delta), key: key).count == 31)
        #expect(encoded(.finishedProgress(compact), key: key).count == 32)
        #expect(delta.applied(to: Self.report(60_000, 20_000))?.finishMilliseconds == 60_480)
        #expect(SyncDatagramCodec.fitsFinishedProgress(compact))
        var long = compact
        long.elapsedMilliseconds = 1 << 24
        #expect(!SyncDatagramCodec.fitsFinishedProgress(long))
        #expect(!SyncDatagramCodec.fitsFinishedProgress(Self.report(5, 5)))
    }

    @Test("malformed deltas and acknowledgements are refused")
    func rejections() {
        let delta = encoded(.progressDelta(ProgressDeltaDTO(baseBack: 7, phase: .running, hasFinalResult: false, elapsedDelta: 1, distanceDelta: 2)))
        let ack = encoded(.acknowledgement(number: 299))
        var early = delta
        early[14] = 0
        early[15] = 7 // datagram 7 cannot have a base 7 back
        let cases: [([UInt8], DatagramError)] = [
            // Finished without its 2 finish bytes; a compact finished progress with a phase or a finish after elapsed.
            ({ var bytes = delta; bytes[3] = 0xC2; return bytes }(), .lengthMismatch(expected: 23, actual: 21)),
            ({ var bytes = encoded(.finishedProgress(Self.report(5_000, 7, phase: .finished))); bytes[3] = 0xE1; return bytes }(), .fieldOutOfRange("flags")),
            (Array(encoded(.finishedProgress(Self.report(5_000, 7, phase: .finished))).prefix(16)) + [0, 0, 1, 0, 0, 7, 0, 2], .fieldOutOfRange("finish")),
            ({ var bytes = delta; bytes[16] = 0; return bytes }(), .fieldOutOfRange("base")),
            (early, .fieldOutOfRange("base")),
            (delta + [0], .lengthMismatch(expected: 21, actual: 22)),
            ({ var bytes = ack; bytes[3] = 0xD1; return bytes }(), .fieldOutOfRange("flags")),
            (Array(ack.prefix(16)) + [0, 0, 0, 0], .fieldOutOfRange("acknowledged")),
        ]
        for (bytes, error) in cases {
            #expect(throws: error) { try SyncDatagramCodec.decode(bytes) }
        }
    }

    @Test("a delta is made only when it fits: not finished, not backwards, within 16 bits and 255 numbers")
    func fits() {
        let base = Self.report(60_000, 20_000)
        #expect(ProgressDeltaDTO(from: base, baseNumber: 10, to: Self.report(61_000, 20_350), number: 14)
            == ProgressDeltaDTO(baseBack: 4, phase: .running, hasFinalResult: false, elapsedDelta: 1_000, distanceDelta: 350))
        #expect(ProgressDeltaDTO(from: base, baseNumber: 10, to: Self.report(61_000, 20_350, phase: .finished), number: 14)
            == ProgressDeltaDTO(baseBack: 4, phase: .finished, hasFinalResult: false, elapsedDelta: 1_000, distanceDelta: 350, finishBack: 0))
        #expect(ProgressDeltaDTO(from: base, baseNumber: 10, to: Self.report(59_000, 20_350), number: 14) == nil)
        #expect(ProgressDeltaDTO(from: base, baseNumber: 10, to: Self.report(130_000, 20_350), number: 14) == nil)
        #expect(ProgressDeltaDTO(from: base, baseNumber: 10, to: Self.report(61_000, 90_000), number: 14) == nil)
        #expect(ProgressDeltaDTO(from: base, baseNumber: 10, to: Self.report(61_000, 20_350), number: 266) == nil)
        #expect(ProgressDeltaDTO(from: base, baseNumber: 10, to: Self.report(61_000, 20_350), number: 10) == nil)
        let nearTop = ProgressDeltaDTO(baseBack: 1, phase: .running, hasFinalResult: false, elapsedDelta: 2, distanceDelta: 0)
        #expect(nearTop.applied(to: Self.report(.max - 1, 0)) == nil)
    }
}
