/// What every runner of a course race agrees on about the course: which one (its digest), how many
/// laps, and for people its name and length. Part of `RaceTerms`.
///
/// Two courses are the same when their digests and laps are: the name (a file name, a GPX `<name>`)
/// is for people, so two files with the same points are the same course whatever they are called.
public struct CourseTerms: Sendable, Hashable, Codable, CustomStringConvertible {
    /// The longest name, in bytes of UTF-8.
    public static let maximumNameBytes = 64
    /// The course's digest: 16 hex digits (the first 8 bytes of SHA-256 of its points, docs/COURSES.md).
    public var digest: String
    /// The name of the course's file, 1 to 64 bytes of UTF-8 (the GPX `<name>` is `Course.name`).
    public var name: String
    /// One lap's length, in whole centimetres.
    public var lengthCentimetres: UInt32
    /// How many laps, 1 … `LappedCourse.maximumLaps`.
    public var laps: Int

    /// Terms naming a course.
    public init(digest: String, name: String, lengthCentimetres: UInt32, laps: Int = 1) {
        self.digest = digest
        self.name = name
        self.lengthCentimetres = lengthCentimetres
        self.laps = laps
    }

    /// One lap's length in metres.
    public var length: Double { Double(lengthCentimetres) / 100 }

    public static func == (lhs: CourseTerms, rhs: CourseTerms) -> Bool {
        lhs.digest == rhs.digest && lhs.laps == rhs.laps
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(digest)
        hasher.combine(laps)
    }

    /// `name (digest, laps)`, as errors name a course.
    public var description: String {
        "\(name) (course \(digest)\(laps > 1 ? ", \(laps) laps" : ""))"
    }
}
