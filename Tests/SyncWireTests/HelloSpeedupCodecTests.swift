import Domain
import Foundation
import SyncWire
import Testing

/// A hello's speed-up field (flag bit 2), so that runners at different `--speedup` see they differ.
@Suite("Hello with a speed-up")
struct HelloSpeedupCodecTests {
    private func encoded(_ terms: RaceTerms) -> [UInt8] {
        SyncDatagramCodec.encode(SyncDatagram(
            sender: RunnerID(rawValue: 0xA1), sequence: 3, message: .hello(name: "alice", terms: terms)
        ))
    }

    @Test("a sped-up hello carries its speed-up in thousandths; at 1x it is the hello of before")
    func roundTrip() throws {
        let course = CourseTerms(digest: "00a1b2c3d4e5f607", name: "lake.gpx", lengthCentimetres: 191_240, laps: 2)
        for terms in [
            RaceTerms(mode: .race, goal: .standard, speedup: 10),
            RaceTerms(mode: .team, goal: .standard, course: course, speedup: 2.5),
        ] {
            let bytes = encoded(terms)
            #expect(bytes[3] & 0x04 == 0x04)
            guard case let .hello(_, decoded, _) = try SyncDatagramCodec.decode(bytes).message else {
                Issue.record("not a hello")
                return
            }
            #expect(decoded == terms)
        }
        let fast = encoded(RaceTerms(mode: .race, goal: .standard, speedup: 10))
        #expect(fast.count == 27 + 4)
        #expect(Array(fast[21..<25]) == [0, 0, 0x27, 0x10])
        let plain = encoded(RaceTerms(mode: .race, goal: .standard))
        #expect(plain.count == 27 && plain[3] & 0x07 == 0)
    }

    @Test("a speed-up of 1x or less, or above 1000x, is refused; so is the flag on a hello without the field")
    func rejections() {
        let bytes = encoded(RaceTerms(mode: .race, goal: .standard, speedup: 10))
        for value in [[0, 0, 0x03, 0xE8], [0, 0, 0, 0], [0, 0x0F, 0x42, 0x41]] as [[UInt8]] {
            var copy = bytes
            copy.replaceSubrange(21..<25, with: value)
            #expect(throws: DatagramError.fieldOutOfRange("speedup")) { try SyncDatagramCodec.decode(copy) }
        }
        var plain = encoded(RaceTerms(mode: .race, goal: .standard))
        plain[3] |= 0x04
        #expect(throws: (any Error).self) { try SyncDatagramCodec.decode(plain) }
    }
}
