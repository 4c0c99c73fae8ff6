import Crypto
import Domain
import Foundation
import SyncWire

/// A course read from a GPX file: its track (all segments, joined) or, without one, its route
/// (`<rte>`), timed or not. Its digest names the course's geometry, whatever the file is called.
public struct CourseFile: Sendable, Equatable {
    /// The longest course name kept, in bytes of UTF-8 (it travels in every hello).
    public static let maximumNameBytes = CourseTerms.maximumNameBytes

    /// The course.
    public let course: Course
    /// 16 hex digits: the first 8 bytes of SHA-256 over every point as two big-endian 32-bit integers
    /// of 1e-7 degrees (latitude, longitude), in order (docs/COURSES.md). Two files with the same
    /// points have the same digest.
    public let digest: String
    /// The file the course was read from (for messages).
    public let path: String

    /// Reads `url`; throws a `CourseFileError` saying what is wrong and what to do.
    public init(contentsOf url: URL) throws(CourseFileError) {
        guard FileManager.default.fileExists(atPath: url.path) else { throw .missing(path: url.path) }
        let track: GPXTrack
        do { track = try GPXTrack(contentsOf: url) } catch let error as GPXError {
            throw .unreadable(path: url.path, reason: error.description)
        } catch {
            throw .unreadable(path: url.path, reason: "\(error)")
        }
        try self.init(track: track, path: url.path, fallbackName: url.deletingPathExtension().lastPathComponent)
    }

    /// A course from a parsed GPX document.
    public init(track: GPXTrack, path: String, fallbackName: String) throws(CourseFileError) {
        // On the 1e-7 degree grid of the digest: a peer that fetched the course holds the very same points.
        let points = track.pathSegments.flatMap { $0.map { CoursePoints.quantized($0.coordinate) } }
        guard !points.isEmpty else { throw .noPoints(path: path) }
        let name = Self.displayName(track.name ?? fallbackName)
        do { course = try Course(name: name, points: points) } catch { throw .badCourse(path: path, error) }
        digest = Self.digest(of: course.points)
        self.path = path
    }

    /// A course fetched from a host (`CourseStore`, the course fetch): `course`, whose points are on the
    /// 1e-7 degree grid already, named `path` in messages.
    public init(course: Course, path: String) {
        self.course = course
        self.digest = Self.digest(of: course.points)
        self.path = path
    }

    /// The terms naming this course for `laps` laps; their name is the file's (so that a refusal names
    /// both runners' files).
    public func terms(laps: Int) -> CourseTerms {
        CourseTerms(
            digest: digest, name: Self.displayName(URL(fileURLWithPath: path).lastPathComponent),
            lengthCentimetres: UInt32((course.length * 100).rounded()), laps: laps
        )
    }

    /// The digest of a course's points (see `digest`).
    public static func digest(of points: [Coordinate]) -> String {
        digest(ofFixed: CoursePoints.fixed(points))
    }

    /// The digest of points given in 1e-7 degrees, interleaved (the course fetch's form).
    public static func digest(ofFixed values: [Int32]) -> String {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(values.count * 4)
        for value in values {
            let fixed = UInt32(bitPattern: value)
            bytes.append(contentsOf: [UInt8(fixed >> 24), UInt8(fixed >> 16 & 0xFF), UInt8(fixed >> 8 & 0xFF), UInt8(fixed & 0xFF)])
        }
        return Hex.lowercase(Array(SHA256.hash(data: bytes).prefix(8)))
    }

    /// A name safe to show and send: control characters dropped, cut to whole characters within 64 bytes.
    static func displayName(_ raw: String) -> String {
        let clean = String(String.UnicodeScalarView(raw.unicodeScalars.filter { $0.properties.generalCategory != .control }))
            .trimmingCharacters(in: .whitespacesAndNewlines)
        var cut = ""
        for character in clean {
            guard cut.utf8.count + character.utf8.count <= maximumNameBytes else { break }
            cut.append(character)
        }
        return cut.isEmpty ? "course" : cut
    }
}

/// Why a course file cannot be used.
public enum CourseFileError: Error, Equatable, CustomStringConvertible {
    /// There is no such file.
    case missing(path: String)
    /// The file cannot be read, or is not GPX.
    case unreadable(path: String, reason: String)
    /// The file has neither track nor route points.
    case noPoints(path: String)
    /// The points do not make a course.
    case badCourse(path: String, CourseError)

    public var description: String {
        switch self {
        case .missing(let path):
            "there is no course file \(path): check the path given to --course"
        case let .unreadable(path, reason):
            "cannot use \(path) as a course: \(reason); give a GPX file with a track (<trk>) or a route (<rte>)"
        case .noPoints(let path):
            "\(path) has no track or route points: give a GPX file with a track (<trk>) or a route (<rte>)"
        case let .badCourse(path, error):
            "\(path) cannot be a course: \(error)"
        }
    }
}

extension CourseFileError: ClassifiedFault {
    /// A missing file is no input; a file that is not GPX or not a course is bad data, except laps the
    /// course cannot have (the command line's fault).
    public var fault: Fault {
        switch self {
        case .missing: .noInput
        case .unreadable, .noPoints: .badData
        case .badCourse(_, .badLaps), .badCourse(_, .notALoop): .usage
        case .badCourse: .badData
        }
    }
}
