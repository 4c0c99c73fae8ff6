import Data
import Domain
import Foundation
import Testing

/// The progress datagram codec: round trips, exact layout and size (docs/PROTOCOL.md).
@Suite("ProgressDatagram encoding")
struct ProgressDatagramTests {
    static let phases: [(RunnerPhase, TimeInterval?)] = [(.waiting, nil), (.running, nil), (.finished, 1_199.5)]

    @Test("every phase, flag and mode round-trips exactly", arguments: [false, true], RaceMode.allCases)
    func roundTripPhasesAndFlags(hasFinalResult: Bool, mode: RaceMode) throws {
        for (phase, finish) in Self.phases {
            let progress = Sample.progress(
                terms: RaceTerms(mode: mode, goal: RaceGoal(centimetres: 245_000)), phase: phase,
                elapsed: 1_234.567, distance: 2_450.01, finishTime: finish, hasFinalResult: hasFinalResult
            )
            #expect(try ProgressDatagram.decode(ProgressDatagram.encode(progress)) == progress)
        }
    }

    @Test("unicode names round-trip byte for byte", arguments: ["Žan", "李雷", "🏃‍♀️ Ana", "Zoë Ødegård", "a", String(repeating: "Ž", count: 16)])
    func unicodeNames(name: String) throws {
        let progress = Sample.progress(name: name)
        let bytes = ProgressDatagram.encode(progress)
        #expect(bytes.count == ProgressDatagram.headerLength + name.utf8.count)
        let decoded = try ProgressDatagram.decode(bytes)
        #expect(decoded.runner.name == name)
        #expect(Array(decoded.runner.name.utf8) == Array(name.utf8))
        #expect(decoded == progress)
    }

    @Test("extreme but valid values round-trip")
    func extremes() throws {
        let values: [RunnerProgress] = [
            Sample.progress(id: 0, sequence: 0, phase: .waiting, elapsed: 0, distance: 0),
            Sample.progress(id: .max, sequence: .max, phase: .running, elapsed: 4_294_967.294, distance: 42_949_672.94),
            Sample.progress(
                terms: RaceTerms(mode: .race, goal: RaceGoal(centimetres: 100_000_000)), phase: .finished,
                elapsed: 4_294_967.294, distance: 1_000_000, finishTime: 4_294_967.294, hasFinalResult: true
            ),
            Sample.progress(terms: RaceTerms(mode: .single, goal: RaceGoal(centimetres: 1)), phase: .finished, elapsed: 1, finishTime: 0),
            Sample.progress(name: String(repeating: "x", count: 32)),
        ]
        for progress in values {
            #expect(try ProgressDatagram.decode(ProgressDatagram.encode(progress)) == progress)
        }
    }

    @Test("the size is the 36-byte header plus the name's UTF-8 bytes")
    func size() {
        #expect(ProgressDatagram.headerLength == 36)
        #expect(ProgressDatagram.maximumLength == 68)
        #expect(ProgressDatagram.encode(Sample.progress(name: "alice")).count == 41)
        #expect(ProgressDatagram.encode(Sample.progress(name: "Žan")).count == 36 + 4)
        #expect(ProgressDatagram.encode(Sample.progress(name: "🏃‍♀️ Ana")).count == 36 + 17)
        #expect(ProgressDatagram.encode(Sample.progress(name: String(repeating: "x", count: 32))).count == 68)
    }

    @Test("the layout is the documented one, big-endian")
    func layout() {
        let bytes = ProgressDatagram.encode(Sample.progress(
            id: 0x0102_0304_0506_0708, name: "ab", terms: RaceTerms(mode: .race, goal: RaceGoal(centimetres: 500_000)),
            sequence: 0x0A0B_0C0D, phase: .finished, elapsed: 1_000.5, distance: 4_999.99, finishTime: 999.999,
            hasFinalResult: true
        ))
        let expected: [UInt8] = [
            0x4D, 0x52, 1, 1,  // magic, version, type
            1, 2, 3, 4, 5, 6, 7, 8,  // runner id
            0x0A, 0x0B, 0x0C, 0x0D,  // sequence
            1,  // mode: race
            0x00, 0x07, 0xA1, 0x20,  // goal: 500 000 cm
            2,  // phase: finished
            0x03,  // flags: final result, finish time present
            0x00, 0x0F, 0x44, 0x34,  // elapsed: 1 000 500 ms
            0x00, 0x07, 0xA1, 0x1F,  // distance: 499 999 cm
            0x00, 0x0F, 0x42, 0x3F,  // finish: 999 999 ms
            2, 0x61, 0x62,  // name length, "ab"
        ]
        #expect(bytes == expected)
    }

    @Test("no finish time is sent as 0xFFFFFFFF with the flag clear")
    func absentFinish() {
        let bytes = ProgressDatagram.encode(Sample.progress(phase: .running))
        #expect(Array(bytes[31..<35]) == [0xFF, 0xFF, 0xFF, 0xFF])
        #expect(bytes[22] == 0)
    }

    @Test("values are rounded to milliseconds and centimetres on the wire")
    func rounding() throws {
        let decoded = try ProgressDatagram.decode(ProgressDatagram.encode(
            Sample.progress(phase: .finished, elapsed: 12.345_6, distance: 9.876_5, finishTime: 12.000_4)
        ))
        #expect(decoded.elapsed == 12.346)
        #expect(decoded.distance == 9.88)
        #expect(decoded.finishTime == 12.0)
        #expect(decoded == Sample.progress(phase: .finished, elapsed: 12.345_6, distance: 9.876_5, finishTime: 12.000_4).quantized())
    }

    @Test("values beyond a field's range are clamped, never wrapped")
    func clamping() throws {
        let decoded = try ProgressDatagram.decode(ProgressDatagram.encode(
            Sample.progress(phase: .running, elapsed: 1e12, distance: 1e10)
        ))
        #expect(decoded.elapsed == 4_294_967.294)
        #expect(decoded.distance == 42_949_672.94)
        let notANumber = try ProgressDatagram.decode(ProgressDatagram.encode(Sample.progress(elapsed: .nan, distance: .nan)))
        #expect(notANumber.elapsed == 0)
        #expect(notANumber.distance == 0)
        let negative = try ProgressDatagram.decode(ProgressDatagram.encode(Sample.progress(elapsed: -5, distance: -1)))
        #expect(negative.elapsed == 0)
        #expect(negative.distance == 0)
    }

    @Test("an ASCII name longer than 32 bytes is cut to 32")
    func longNameIsCut() throws {
        let name = String(repeating: "abcd", count: 10)
        let bytes = ProgressDatagram.encode(Sample.progress(name: name))
        #expect(bytes.count == 68)
        #expect(try ProgressDatagram.decode(bytes).runner.name == String(name.prefix(32)))
    }
}
