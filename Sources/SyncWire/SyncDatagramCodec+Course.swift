import Domain

// A hello's course block and flags (docs/PROTOCOL.md, "2 hello").
extension SyncDatagramCodec {
    /// Hello flag: a course block follows the goal.
    static let helloCourseFlag: UInt8 = 0x01
    /// Hello flag: the runner is off its course (only with a course).
    static let helloOffCourseFlag: UInt8 = 0x02

    /// Hello flag: a speed-up field (4 bytes, thousandths) follows the goal and any course block.
    static let helloSpeedupFlag: UInt8 = 0x04
    /// The most thousandths a speed-up field holds: `--speedup 1000`.
    static let maximumSpeedupThousandths: UInt32 = 1_000_000

    /// The flags of a hello under `terms`: a 1x run without a course sends the hello of before (flags 0).
    static func helloFlags(_ terms: RaceTerms, offCourse: Bool) -> UInt8 {
        let speedup = terms.speedup != 1 ? helloSpeedupFlag : 0
        guard terms.course != nil else { return speedup }
        return helloCourseFlag | (offCourse ? helloOffCourseFlag : 0) | speedup
    }

    /// A speed-up field's value: thousandths, 1 001 … 1 000 000.
    static func speedupThousandths(_ speedup: Double) -> UInt32 {
        UInt32(min(Double(maximumSpeedupThousandths), max(1000, (speedup * 1000).rounded())))
    }

    /// Reads and checks a speed-up field.
    static func readSpeedup(from reader: inout WireReader) throws(DatagramError) -> Double {
        let thousandths = try reader.readUInt32()
        guard thousandths > 1000, thousandths <= maximumSpeedupThousandths else { throw .fieldOutOfRange("speedup") }
        return Double(thousandths) / 1000
    }

    /// Bytes of a course block whose file name has `nameBytes` bytes: digest 8, laps 1, length 4,
    /// name length 1, name.
    static func courseBlockLength(nameBytes: Int) -> Int { 14 + nameBytes }

    /// The longest course block of an invitation: a hello's, then total length 4, point count 4,
    /// title length 1 and title (each name at most 64 bytes).
    static let invitationCourseBlockLength = courseBlockLength(nameBytes: CourseTerms.maximumNameBytes) + 9 + CourseTerms.maximumNameBytes

    /// Writes a course block: the digest's 8 bytes, laps, one lap's length in centimetres, the file's
    /// name (cut to whole characters within 64 bytes).
    static func writeCourse(_ course: CourseTerms, to writer: inout WireWriter) {
        writer.write(UInt64(course.digest, radix: 16) ?? 0)
        writer.write(UInt8(clamping: course.laps))
        writer.write(course.lengthCentimetres)
        writeCourseName(course.name, to: &writer)
    }

    /// A course's name field: its length (1 … 64) in one byte, then the name without control characters,
    /// cut to whole characters within 64 bytes ("course" when nothing is left).
    static func writeCourseName(_ raw: String, to writer: inout WireWriter) {
        var name = ""
        for character in raw where !character.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) {
            guard name.utf8.count + character.utf8.count <= CourseTerms.maximumNameBytes else { break }
            name.append(character)
        }
        if name.isEmpty { name = "course" }
        writer.write(UInt8(name.utf8.count))
        writer.write(contentsOf: Array(name.utf8))
    }

    /// Reads a course's name field (see `writeCourseName`); a bad one is `field-out-of-range` (`field`).
    static func readCourseName(field: String, from reader: inout WireReader) throws(DatagramError) -> String {
        let nameLength = Int(try reader.readUInt8())
        guard (1...CourseTerms.maximumNameBytes).contains(nameLength) else { throw .fieldOutOfRange("\(field)-length") }
        guard let name = String(validating: try reader.readBytes(nameLength), as: UTF8.self),
              !name.unicodeScalars.contains(where: { $0.properties.generalCategory == .control })
        else { throw .fieldOutOfRange(field) }
        return name
    }

    /// Reads and checks a course block.
    static func readCourse(from reader: inout WireReader) throws(DatagramError) -> CourseTerms {
        let digest = try reader.readUInt64()
        let laps = Int(try reader.readUInt8())
        guard (1...LappedCourse.maximumLaps).contains(laps) else { throw .fieldOutOfRange("laps") }
        let length = try reader.readUInt32()
        guard length >= UInt32(Course.minimumLength * 100), Double(length) <= Course.maximumLength * 100 else {
            throw .fieldOutOfRange("course-length")
        }
        let name = try readCourseName(field: "course-name", from: &reader)
        let hex = String(digest, radix: 16)
        return CourseTerms(
            digest: String(repeating: "0", count: 16 - hex.count) + hex, name: name, lengthCentimetres: length, laps: laps
        )
    }
}
