import Domain
import Foundation
import MateRunnerTesting
import Testing

/// Course races of the real binary on loopback: progress along a shared course decides, not each
/// receiver's distance.
@Suite("End to end: course race")
struct CourseRaceEndToEndTests {
    /// 800 m north, then 400 m east, from 46°N 14.5°E.
    static let legs: [(metres: Double, bearing: Double)] = [(800, 0), (400, 90)]

    private static func folder() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("course-e2e-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    /// The course as a planned route: `<rte>` points, no times.
    static func route(_ legs: [(metres: Double, bearing: Double)], name: String) -> String {
        var points = [Coordinate(latitude: 46, longitude: 14.5)]
        for leg in legs {
            for _ in 0..<Int(leg.metres / 50) {
                points.append(Geodesy.destination(from: points[points.count - 1], metres: 50, bearing: leg.bearing))
            }
        }
        let body = points.map { "<rtept lat=\"\($0.latitude)\" lon=\"\($0.longitude)\"/>" }.joined(separator: "\n")
        return "<?xml version=\"1.0\"?>\n<gpx version=\"1.1\" creator=\"test\" xmlns=\"http://www.topografix.com/GPX/1/1\">"
            + "<rte><name>\(name)</name>\n\(body)\n</rte></gpx>\n"
    }

    /// A timed track along the course at `speed` m/s, each fix `zigzag` metres to the right then the left of it.
    static func track(speed: Double, zigzag: Double) throws -> String {
        var points: [Coordinate] = [Coordinate(latitude: 46, longitude: 14.5)]
        for leg in legs {
            for _ in 0..<Int(leg.metres) { points.append(Geodesy.destination(from: points[points.count - 1], metres: 1, bearing: leg.bearing)) }
        }
        let course = try LappedCourse(course: Course(name: "c", points: points))
        let start = Date(timeIntervalSince1970: 1_800_000_000)
        let seconds = Int((course.totalLength / speed).rounded(.up))
        let fixes = (0...seconds).map { second -> String in
            let along = min(course.totalLength, Double(second) * speed)
            let bearing = (along < legs[0].metres ? legs[0].bearing : legs[1].bearing) + (second % 2 == 0 ? 90 : -90)
            let point = Geodesy.destination(from: course.coordinate(at: along), metres: zigzag, bearing: bearing)
            let time = ISO8601DateFormatter().string(from: start.addingTimeInterval(Double(second)))
            return "<trkpt lat=\"\(point.latitude)\" lon=\"\(point.longitude)\"><time>\(time)</time></trkpt>"
        }
        return "<?xml version=\"1.0\"?>\n<gpx version=\"1.1\" creator=\"test\" xmlns=\"http://www.topografix.com/GPX/1/1\">"
            + "<trk><trkseg>\n\(fixes.joined(separator: "\n"))\n</trkseg></trk></gpx>\n"
    }

    @Test("two runners replaying GPX with different lateral noise finish in the order of their real progress")
    func noiseDoesNotDecide() async throws {
        let binary = try BuildProducts.materunner()
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let course = folder.appendingPathComponent("course.gpx")
        try Data(Self.route(Self.legs, name: "L course").utf8).write(to: course)
        // alice runs 4.2 m/s with a steady receiver; bob 4.0 m/s with one whose ±1.5 m zigzag makes
        // his own distance read 25 % long: on GPS distance bob would win.
        let aliceTrack = folder.appendingPathComponent("alice.gpx")
        let bobTrack = folder.appendingPathComponent("bob.gpx")
        try Data(try Self.track(speed: 4.2, zigzag: 0.3).utf8).write(to: aliceTrack)
        try Data(try Self.track(speed: 4.0, zigzag: 1.5).utf8).write(to: bobTrack)

        let (portA, portB) = (try freeUDPPort(), try freeUDPPort())
        let common = ["--course", course.path, "--frontend", "json", "--wait", "30"]
        let alice = try ProcessRun.Handle(binary, ["run", "--name", "alice", "--port", "\(portA)", "--peer", "127.0.0.1:\(portB)",
            "--source", "gpx:\(aliceTrack.path):x10"] + common)
        let bob = try ProcessRun.Handle(binary, ["run", "--name", "bob", "--port", "\(portB)", "--peer", "127.0.0.1:\(portA)",
            "--source", "gpx:\(bobTrack.path):x10"] + common)
        // x10, not faster: a replay whose reader falls behind by more than its buffer (64 fixes) on a
        // loaded machine skips positions, and the noise filter drops the jump.
        let runs = [await alice.wait(timeout: 240), await bob.wait(timeout: 240)]
        for run in runs {
            #expect(!run.timedOut && run.status == 0, "exit \(run.status): \(run.stderr)")
        }
        let (linesA, linesB) = (try runs[0].jsonLines(), try runs[1].jsonLines())
        let (resultA, resultB) = (try RaceResult(lines: linesA), try RaceResult(lines: linesB))
        #expect(resultA == resultB)
        #expect(resultA.winner == "alice", "\(resultA)")
        #expect(resultA.entries.map(\.name) == ["alice", "bob"])

        // The course frame came before any status, with the route's name, length and digest.
        for lines in [linesA, linesB] {
            let course = try #require(lines.first { $0["type"] as? String == "course" }?["course"] as? [String: Any])
            #expect(course["name"] as? String == "L course")
            #expect(course["file"] as? String == "course.gpx")
            #expect(abs((course["total_m"] as? Double ?? 0) - 1_200) < 1)
            #expect((course["points"] as? [[Double]])?.count == 25)
        }
        let digests = Set([linesA, linesB].compactMap { $0.first { $0["type"] as? String == "course" }.flatMap { ($0["course"] as? [String: Any])?["digest"] as? String } })
        #expect(digests.count == 1)
        // bob's own result line: his course progress and, beside it, the distance his receiver measured.
        let bobResult = try #require(linesB.last { $0["type"] as? String == "result" })
        let bobLine = try #require((bobResult["runners"] as? [[String: Any]])?.first { $0["me"] as? Bool == true })
        let onCourse = try #require(bobLine["course"] as? [String: Any])
        let progress = try #require(onCourse["progress_m"] as? Double)
        let gps = try #require(onCourse["gps_distance_m"] as? Double)
        #expect(progress >= 1_199 && progress <= 1_201, "\(onCourse)")
        #expect(gps > progress * 1.15, "bob's receiver read \(gps) m for \(progress) m of course")
        #expect(bobLine["off_course"] as? Bool == false)
    }

    @Test("runners with different course files are refused with an error naming both files")
    func differentCoursesAreRefused() async throws {
        let binary = try BuildProducts.materunner()
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let north = folder.appendingPathComponent("north.gpx")
        let east = folder.appendingPathComponent("east.gpx")
        try Data(Self.route([(1_000, 0)], name: "North").utf8).write(to: north)
        try Data(Self.route([(1_000, 90)], name: "East").utf8).write(to: east)
        let (portA, portB) = (try freeUDPPort(), try freeUDPPort())
        let common = ["--speedup", "20", "--wait", "20", "--frontend", "json"]
        let alice = try ProcessRun.Handle(binary, ["run", "--name", "alice", "--port", "\(portA)", "--peer", "127.0.0.1:\(portB)",
            "--course", north.path] + common)
        let bob = try ProcessRun.Handle(binary, ["run", "--name", "bob", "--port", "\(portB)", "--peer", "127.0.0.1:\(portA)",
            "--course", east.path] + common)
        let runs = [await alice.wait(timeout: 90), await bob.wait(timeout: 90)]
        for run in runs { #expect(!run.timedOut && run.status == 1, "exit \(run.status): \(run.stderr)") }
        let refusals = runs.map(\.stderr).filter { $0.contains("every runner must pass the same --course") }
        #expect(!refusals.isEmpty, "\(runs.map(\.stderr))")
        for refusal in refusals {
            #expect(refusal.contains("north.gpx") && refusal.contains("east.gpx"), "\(refusal)")
        }
    }
}
