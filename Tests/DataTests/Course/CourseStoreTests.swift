@testable import Data
import Domain
import Foundation
import Testing

/// Fetched courses kept in the data directory by digest (`CourseStore`), and the 1e-7 degree grid that
/// makes a fetched copy the very course the host read from its file.
@Suite("Course store")
struct CourseStoreTests {
    private func temporaryDirectory() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("course-store-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    @Test("a course read from a file is on the digest's grid: its points rebuilt from the wire's integers are the same course, to the bit")
    func quantized() throws {
        let file = try CourseFile(contentsOf: URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Fixtures/Mojstrovka.gpx"))
        let rebuilt = try Course(name: file.course.name, points: CoursePoints.coordinates(CoursePoints.fixed(file.course.points)))
        #expect(rebuilt.points == file.course.points)
        #expect(rebuilt.distances == file.course.distances && rebuilt.length == file.course.length)
        #expect(CourseFile.digest(of: rebuilt.points) == file.digest)
        let lapped = (try LappedCourse(course: file.course), try LappedCourse(course: rebuilt))
        #expect(lapped.0.totalLength == lapped.1.totalLength)
    }

    @Test("saved under its digest as GPX, read back to the same points and digest; another digest or a damaged file is not used")
    func roundTrip() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let store = CourseStore(dataDirectory: directory)
        let points = (0..<500).map { Coordinate(latitude: -33.9 + Double($0) * 0.0000213, longitude: 151.2 - Double($0 % 9) * 0.0000071) }
            .map(CoursePoints.quantized)
        let course = try Course(name: "Bondi & <back>", points: points)
        let digest = try store.save(course)
        #expect(digest == CourseFile.digest(of: course.points))
        #expect(store.file(digest: digest).lastPathComponent == "\(digest).gpx")
        let loaded = try #require(store.load(digest: digest))
        #expect(loaded.course.points == course.points && loaded.digest == digest && loaded.course.name == "Bondi & <back>")
        // Not a digest, or no such file: nothing.
        #expect(store.load(digest: "../identity") == nil && store.load(digest: "0123456789abcdef") == nil)
        // A file whose points no longer hash to its name is removed, not used.
        let moved = store.file(digest: digest)
        let text = try String(contentsOf: moved, encoding: .utf8).replacingOccurrences(of: "lat=\"-33.9000000\"", with: "lat=\"-33.9000001\"")
        try Data(text.utf8).write(to: moved)
        #expect(store.load(digest: digest) == nil)
        #expect(!FileManager.default.fileExists(atPath: moved.path))
        try Data("not gpx".utf8).write(to: moved)
        #expect(store.load(digest: digest) == nil)
    }

    @Test("degrees with 7 decimals read back to the same integer, negative and small values included")
    func degrees() {
        #expect(CourseStore.degrees(-339_000_000) == "-33.9000000")
        #expect(CourseStore.degrees(5) == "0.0000005" && CourseStore.degrees(-5) == "-0.0000005")
        #expect(CourseStore.degrees(1_800_000_000) == "180.0000000")
        for value: Int32 in [-1_799_999_999, -1, 0, 1, 457_700_123] {
            #expect(Int32((Double(CourseStore.degrees(value))! * 10_000_000).rounded()) == value)
        }
    }
}
