import Domain
import Foundation
import SyncWire
import MateRunnerTesting
import Testing

/// The version-2 codec: every message round-trips, the layout and sizes are the documented ones.
@Suite("SyncDatagramCodec encoding")
struct SyncDatagramCodecTests {
    static let sender = RunnerID(rawValue: 0x0123_4567_89AB_CDEF)

    static let messages: [SyncMessage] = [
        .progress(ProgressReportDTO(phase: .waiting, hasFinalResult: false, elapsedMilliseconds: 0, distanceCentimetres: 0, finishMilliseconds: nil)),
        .progress(ProgressReportDTO(phase: .running, hasFinalResult: false, elapsedMilliseconds: 754_321, distanceCentimetres: 234_567, finishMilliseconds: nil)),
        .progress(ProgressReportDTO(phase: .finished, hasFinalResult: true, elapsedMilliseconds: .max, distanceCentimetres: .max, finishMilliseconds: .max)),
        .progress(ProgressReportDTO(phase: .cancelled, hasFinalResult: true, elapsedMilliseconds: 5, distanceCentimetres: 7, finishMilliseconds: nil)),
        .hello(name: "alice", terms: RaceTerms(mode: .race, goal: .standard)),
        .hello(name: "🏃‍♀️ Ana", terms: RaceTerms(mode: .team, goal: RaceGoal(centimetres: 100_000_000))),
        .hello(name: String(repeating: "Ž", count: 16), terms: RaceTerms(mode: .single, goal: RaceGoal(centimetres: 1))),
        .cheer(recipient: RunnerID(rawValue: 7), emoji: .fire, sentAtMilliseconds: 1_795_000_000_000),
        .clockPing(t1: 1_795_000_000_000_001),
        .clockPong(requester: RunnerID(rawValue: 9), t1: 1, t2: 1_795_000_000_000_000, t3: 1_795_000_000_000_000),
        .clockPong(requester: RunnerID(rawValue: 0), t1: .max, t2: 0, t3: .max),
    ]

    @Test("every message type round-trips exactly", arguments: messages)
    func roundTrip(message: SyncMessage) throws {
        for sequence: UInt32 in [1, 42, .max] {
            let datagram = SyncDatagram(sender: Self.sender, sequence: sequence, message: message)
            #expect(try SyncDatagramCodec.decode(SyncDatagramCodec.encode(datagram)) == datagram)
        }
    }

    @Test("a runner's progress through the public datagram API (the benchmarks' package uses it): round trip")
    func publicProgress() throws {
        let progress = SyncSample.progress(elapsed: 61.5, distance: 212.25)
        let key = try RaceKey.testing("lake run")
        let datagram = SyncDatagram(progress: progress, sender: progress.runner.id, sequence: 7)
        let bytes = SyncDatagramCodec.encode(datagram, key: key)
        let decoded = try SyncDatagramCodec.decode(bytes, key: key)
        #expect(decoded.sender == progress.runner.id && decoded.sequence == 7)
        var expected = progress
        expected.sequence = 7
        #expect(decoded.progress(of: progress.runner, terms: progress.terms) == expected)
        let greeting = SyncMessage.hello(name: "alice", terms: progress.terms)
        let hello = SyncDatagram(sender: progress.runner.id, sequence: 8, message: greeting)
        #expect(hello.progress(of: progress.runner, terms: progress.terms) == nil)
    }

    @Test("Domain progress maps to a report and back, at millisecond and centimetre precision")
    func progressMapping() throws {
        for (phase, finish) in [(RunnerPhase.waiting, TimeInterval?.none), (.running, nil), (.finished, 1_199.5), (.cancelled, nil)] {
            let progress = SyncSample.progress(phase: phase, elapsed: 1_234.567, distance: 2_450.01, finishTime: finish, hasFinalResult: true)
            let report = ProgressReportDTO(progress)
            let back = report.toDomain(runner: progress.runner, terms: progress.terms, sequence: progress.sequence)
            #expect(back == progress)
        }
        let clamped = ProgressReportDTO(SyncSample.progress(elapsed: .nan, distance: -1))
        #expect(clamped.elapsedMilliseconds == 0 && clamped.distanceCentimetres == 0)
        let huge = ProgressReportDTO(SyncSample.progress(elapsed: 1e12, distance: 1e12))
        #expect(huge.elapsedMilliseconds == .max && huge.distanceCentimetres == .max)
        let finishedWithoutTime = ProgressReportDTO(SyncSample.progress(phase: .finished, elapsed: 10, finishTime: nil))
        #expect(finishedWithoutTime.finishMilliseconds == 10_000)
    }

    @Test("progress is 24 bytes, 28 once finished; the other sizes are the documented ones")
    func sizes() {
        func size(_ message: SyncMessage) -> Int {
            SyncDatagramCodec.encode(SyncDatagram(sender: Self.sender, sequence: 1, message: message)).count
        }
        #expect(size(Self.messages[1]) == 24)
        #expect(size(Self.messages[2]) == 28)
        #expect(size(Self.messages[4]) == 22 + 5)
        #expect(size(Self.messages[7]) == 33)
        #expect(size(Self.messages[8]) == 24)
        #expect(size(Self.messages[9]) == 48)
        // The shortest: a presence with a one-byte name.
        #expect(SyncDatagramCodec.minimumLength == 18)
        // The longest is a full course chunk (type 15, subtype 29, 112 points): 994 bytes, plus the tag.
        #expect(SyncDatagramCodec.maximumLength == 994 + 8)
    }

    @Test("the header and a progress body are laid out as documented, big-endian")
    func layout() {
        let bytes = SyncDatagramCodec.encode(SyncDatagram(sender: Self.sender, sequence: 0x0102_0304, message: Self.messages[2]))
        #expect(Array(bytes[0..<4]) == [0x4D, 0x52, 2, 0x1 << 4 | 0x4 | 0x2])
        #expect(Array(bytes[4..<12]) == [0x01, 0x23, 0x45, 0x67, 0x89, 0xAB, 0xCD, 0xEF])
        #expect(Array(bytes[12..<16]) == [1, 2, 3, 4])
        #expect(Array(bytes[16...]) == [UInt8](repeating: 0xFF, count: 12))
        let hello = SyncDatagramCodec.encode(SyncDatagram(sender: Self.sender, sequence: 1, message: Self.messages[4]))
        #expect(hello[3] == 0x20)
        #expect(Array(hello[16...]) == [1, 0x00, 0x07, 0xA1, 0x20, 5] + Array("alice".utf8))
    }

    @Test("a long name is cut to whole characters within 32 bytes")
    func longNameIsCut() throws {
        let name = String(repeating: "Ž", count: 20)
        let bytes = SyncDatagramCodec.encode(SyncDatagram(sender: Self.sender, sequence: 1, message: .hello(name: name, terms: SyncSample.terms)))
        guard case .hello(let decoded, _, _) = try SyncDatagramCodec.decode(bytes).message else {
            Issue.record("not a hello")
            return
        }
        #expect(decoded == String(repeating: "Ž", count: 16))
    }
}
