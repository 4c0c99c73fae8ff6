import Data
import Domain
import Foundation
import MateRunnerTesting
import Testing

/// Courses read from GPX: a track or a route, timed or not; bad files refused with what to do.
@Suite("Course files")
struct CourseFileTests {
    private func write(_ xml: String, name: String = "course.gpx") throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("course-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let url = folder.appendingPathComponent(name)
        try Data(xml.utf8).write(to: url)
        return url
    }

    /// A planned route as route planners export it: `<rte>` with `<rtept>`s, a name, no times.
    static func route(name: String = "Lake loop", legs: Int = 10) -> String {
        let points = (0...legs).map { index in
            "<rtept lat=\"\(46.0 + Double(index) * 0.001)\" lon=\"14.5\"><ele>300</ele></rtept>"
        }
        return """
            <?xml version="1.0" encoding="UTF-8"?>
            <gpx version="1.1" creator="planner" xmlns="http://www.topografix.com/GPX/1/1">
            <wpt lat="46.0" lon="14.5"><name>Car park</name></wpt>
            <rte><name>\(name)</name>
            \(points.joined(separator: "\n"))
            </rte>
            </gpx>
            """
    }

    @Test("a planned route without times is a course named by its <name>; its digest is its points'")
    func route() throws {
        let file = try CourseFile(contentsOf: write(Self.route()))
        #expect(file.course.name == "Lake loop")
        #expect(file.course.points.count == 11)
        #expect(abs(file.course.length - 1_111.95) < 0.1)
        #expect(file.digest.count == 16 && file.digest.allSatisfy(\.isHexDigit))
        // The same points under another name and file: the same course.
        let renamed = try CourseFile(contentsOf: write(Self.route(name: "Other"), name: "x.gpx"))
        #expect(renamed.digest == file.digest)
        #expect(renamed.terms(laps: 1) == file.terms(laps: 1))
        #expect(renamed.terms(laps: 2) != file.terms(laps: 1))
        // One point moved by 1 m: another course.
        let moved = try CourseFile(contentsOf: write(Self.route(legs: 11)))
        #expect(moved.digest != file.digest)
    }

    @Test("a real timed track is a course; without a <name> it is named after its file")
    func track() throws {
        let file = try CourseFile(contentsOf: Fixtures.url("Mojstrovka.gpx"))
        #expect(abs(file.course.length - 2_697.6) < 0.05)
        #expect(file.course.name == "Mojstrovka")
        #expect(file.terms(laps: 1).lengthCentimetres == UInt32((file.course.length * 100).rounded()))
        #expect(try CourseFile(contentsOf: Fixtures.url("Mojstrovka.gpx")).digest == file.digest)
    }

    @Test("corrupt, empty and missing files are refused with what to do")
    func refusals() throws {
        let corrupt = try write("<gpx><trk><trkseg><trkpt lat=\"46\" lon=\"14\"></trkseg>")
        #expect { try CourseFile(contentsOf: corrupt) } throws: { error in
            "\(error)".contains("cannot use \(corrupt.path) as a course") && "\(error)".contains("give a GPX file")
        }
        let empty = try write("<gpx version=\"1.1\"><trk><trkseg></trkseg></trk></gpx>")
        #expect(throws: CourseFileError.noPoints(path: empty.path)) { try CourseFile(contentsOf: empty) }
        let single = try write("<gpx version=\"1.1\"><rte><rtept lat=\"46\" lon=\"14\"/></rte></gpx>")
        #expect(throws: CourseFileError.badCourse(path: single.path, .tooFewPoints(1))) { try CourseFile(contentsOf: single) }
        #expect { try CourseFile(contentsOf: URL(fileURLWithPath: "/nonexistent/c.gpx")) } throws: { error in
            "\(error)".contains("/nonexistent/c.gpx")
        }
    }

    @Test("an untimed route replays at the pace given instead of all at once")
    func untimedReplay() throws {
        let url = try write(Self.route())
        let replay = try ReplayLocationRepository.gpx(contentsOf: url, pace: 300, clock: ManualRaceClock())
        #expect(replay.reports.count == 11)
        // 111.2 m per leg at 5:00 /km: 33.4 s per point.
        let offsets = replay.replayOffsets
        #expect(abs(offsets[1] - 33.36) < 0.05)
        #expect(abs((offsets.last ?? 0) - 333.6) < 0.5)
    }
}
