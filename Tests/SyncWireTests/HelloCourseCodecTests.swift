import Domain
import Foundation
import SyncWire
import Testing

/// A hello's course block (digest, laps, length, file name) and its off-course flag.
@Suite("Hello with a course")
struct HelloCourseCodecTests {
    private static let course = CourseTerms(digest: "00a1b2c3d4e5f607", name: "lake loop.gpx", lengthCentimetres: 191_240, laps: 3)
    private static let terms = RaceTerms(mode: .race, goal: RaceGoal(centimetres: 573_720), course: course)

    private func encoded(_ message: SyncMessage) -> [UInt8] {
        SyncDatagramCodec.encode(SyncDatagram(sender: RunnerID(rawValue: 0xA1), sequence: 3, message: message))
    }

    @Test("a hello carries the course and whether its runner is off it; without a course it is unchanged")
    func roundTrip() throws {
        for offCourse in [false, true] {
            let bytes = encoded(.hello(name: "alice", terms: Self.terms, offCourse: offCourse))
            #expect(bytes.count == 22 + 5 + 14 + 13)
            #expect(bytes[3] & 0x07 == (offCourse ? 0x03 : 0x01))
            guard case let .hello(name, terms, decodedOffCourse) = try SyncDatagramCodec.decode(bytes).message else {
                Issue.record("not a hello")
                return
            }
            #expect(name == "alice" && decodedOffCourse == offCourse)
            #expect(terms == Self.terms)
            #expect(terms.course?.name == "lake loop.gpx" && terms.course?.digest == "00a1b2c3d4e5f607")
            #expect(terms.course?.lengthCentimetres == 191_240 && terms.course?.laps == 3)
        }
        let plain = encoded(.hello(name: "alice", terms: RaceTerms(mode: .race, goal: .standard)))
        #expect(plain.count == 27 && plain[3] & 0x07 == 0)
    }

    @Test("malformed course blocks are refused")
    func rejections() throws {
        let bytes = encoded(.hello(name: "alice", terms: Self.terms))
        func rejected(_ change: (inout [UInt8]) -> Void, _ expected: DatagramError) {
            var copy = bytes
            change(&copy)
            #expect(throws: expected) { try SyncDatagramCodec.decode(copy) }
        }
        // Off course without a course.
        var plain = encoded(.hello(name: "alice", terms: RaceTerms(mode: .race, goal: .standard)))
        plain[3] |= 0x02
        #expect(throws: DatagramError.fieldOutOfRange("flags")) { try SyncDatagramCodec.decode(plain) }
        // Laps (offset 29): 0 and 101.
        rejected({ $0[29] = 0 }, .fieldOutOfRange("laps"))
        rejected({ $0[29] = 101 }, .fieldOutOfRange("laps"))
        // Length (offset 30 … 33): under 20 m.
        rejected({ $0[30] = 0; $0[31] = 0; $0[32] = 0; $0[33] = 5 }, .fieldOutOfRange("course-length"))
        // Name length (offset 34): 0; a control character in the name.
        rejected({ $0[34] = 0 }, .fieldOutOfRange("course-name-length"))
        rejected({ $0[35] = 0x07 }, .fieldOutOfRange("course-name"))
        // The course flag without the block: the name is read where the block should be.
        #expect(throws: (any Error).self) { try SyncDatagramCodec.decode({ var c = plain; c[3] = c[3] & 0xF8 | 0x01; return c }()) }
    }
}
