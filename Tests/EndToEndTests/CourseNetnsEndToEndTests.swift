import Domain
import Foundation
import MateRunnerTesting
import Testing

/// The course travelling with an invited race over real mDNS: three hosts in network namespaces, each
/// with its own avahi-daemon (no `--peer`: everyone is found over DNS-SD). Alice alone has the course
/// file and a ghost (a timed GPX, faster than anyone); bob and carol accept her invitation without the
/// course, fetch it from her, and all three end with the same course, ranking and per-runner progress
/// along it, the ghost marked as one on every screen.
@Suite("End to end: the host's course over real mDNS, three hosts in network namespaces")
struct CourseNetnsEndToEndTests {
    /// A timed track along `CourseInvitationEndToEndTests.route`'s legs at `speed` m/s, a fix a second.
    static func ghostTrack(speed: Double) -> String {
        let legs: [(metres: Double, bearing: Double)] = [(400, 0), (200, 90)]
        var point = Coordinate(latitude: 46, longitude: 14.5)
        var fixes: [String] = []
        let start = Date(timeIntervalSince1970: 1_800_000_000)
        var second = 0
        for leg in legs {
            var covered = 0.0
            while covered < leg.metres {
                let time = ISO8601DateFormatter().string(from: start.addingTimeInterval(Double(second)))
                fixes.append("<trkpt lat=\"\(point.latitude)\" lon=\"\(point.longitude)\"><time>\(time)</time></trkpt>")
                let step = min(speed, leg.metres - covered)
                point = Geodesy.destination(from: point, metres: step, bearing: leg.bearing)
                covered += step
                second += 1
            }
        }
        let time = ISO8601DateFormatter().string(from: start.addingTimeInterval(Double(second)))
        fixes.append("<trkpt lat=\"\(point.latitude)\" lon=\"\(point.longitude)\"><time>\(time)</time></trkpt>")
        return "<?xml version=\"1.0\"?>\n<gpx version=\"1.1\" creator=\"test\" xmlns=\"http://www.topografix.com/GPX/1/1\">"
            + "<trk><name>Last year</name><trkseg>\n\(fixes.joined(separator: "\n"))\n</trkseg></trk></gpx>\n"
    }

    @Test("alice invites bob and carol (found over DNS-SD) with --course and a ghost; they fetch the course and all three agree")
    func threeHostsOneCourse() async throws {
        let binary = try BuildProducts.materunner()
        let folder = try RecordsEndToEndTests.temporaryDirectory("course-netns")
        defer { try? FileManager.default.removeItem(at: folder) }
        let course = folder.appendingPathComponent("lake.gpx")
        try Data(CourseInvitationEndToEndTests.route(name: "Lake loop").utf8).write(to: course)
        let ghost = folder.appendingPathComponent("last-year.gpx")
        try Data(Self.ghostTrack(speed: 4).utf8).write(to: ghost)
        let homes = try await PairedHomes(host: "alice", joiners: ["bob", "carol"])
        let common = ["--frontend", "json", "--speedup", "25", "--wait", "60", "--log-level", "info"]

        let net = try await NetnsHosts.start(3)
        var runs: [ProcessRun] = []
        do {
            let joiners = try [(1, "bob", "5:40", "2"), (2, "carol", "6:10", "3")].map { host, name, pace, seed in
                try net.start(on: host, binary, ["run", "--name", name, "--join", "--accept-from", "alice", "--pace", pace, "--seed", seed]
                    + common, environment: homes.environment(name))
            }
            // The joiners advertise themselves first; alice finds them over DNS-SD.
            try await Task.sleep(for: .seconds(2))
            let alice = try net.start(on: 0, binary, ["run", "--name", "alice", "--invite", "bob,carol", "--course", course.path,
                "--ghost", "gpx:" + ghost.path, "--pace", "5:00", "--seed", "1"] + common, environment: homes.environment("alice"))
            runs = [await alice.wait(timeout: 150)]
            for joiner in joiners { runs.append(await joiner.wait(timeout: 60)) }
        } catch {
            await net.stop()
            throw error
        }
        await net.stop()
        for run in runs { #expect(run.status == 0 && !run.timedOut, "exit \(run.status): \(run.stderr.suffix(3000))") }
        let lines = try runs.map { try $0.jsonLines() }

        // One course on every screen: alice's file, 600 m, one digest.
        let courses = lines.map { CourseInvitationEndToEndTests.frames($0, "course").first?["course"] as? [String: Any] }
        let digest = try #require(courses[0]?["digest"] as? String, "\(courses)")
        for shown in courses {
            #expect(shown?["file"] as? String == "lake.gpx" && shown?["digest"] as? String == digest, "\(String(describing: shown))")
            #expect(abs((shown?["total_m"] as? Double ?? 0) - 600) < 1)
        }
        // The same ranking, and the same progress of every runner along the course, on every peer.
        let results = try lines.map { try RaceResult(lines: $0) }
        #expect(results[0] == results[1] && results[1] == results[2], "\(results)")
        // The ghost (4 m/s) ahead of everyone, marked as a ghost in every stream's result; then the runners.
        for runLines in lines {
            let runners = (CourseInvitationEndToEndTests.frames(runLines, "result").last?["runners"] as? [[String: Any]]) ?? []
            #expect(runners.map { $0["ghost"] as? Bool == true } == [true, false, false, false], "\(runners)")
            #expect(runners.dropFirst().map { $0["name"] as? String } == ["alice", "bob", "carol"], "\(runners)")
        }
        let progress = lines.map { runLines -> [String] in
            let result = CourseInvitationEndToEndTests.frames(runLines, "result").last ?? [:]
            return ((result["runners"] as? [[String: Any]]) ?? []).map { runner in
                let onCourse = runner["course"] as? [String: Any]
                return "\(runner["name"] ?? "?") \(onCourse?["progress_m"] ?? "?")"
            }
        }
        #expect(progress[0] == progress[1] && progress[1] == progress[2], "\(progress)")
        // Each joiner fetched it from alice over the namespace link and keeps it under its digest.
        for (index, name) in [(1, "bob"), (2, "carol")] {
            let notices = CourseInvitationEndToEndTests.frames(lines[index], "notice").compactMap { $0["message"] as? String }
            #expect(notices.contains { $0.hasPrefix("course lake.gpx (Lake loop) fetched from alice") }, "\(notices)")
            let kept = homes.dataHome(name).appendingPathComponent("materunner/courses/\(digest).gpx")
            #expect(FileManager.default.fileExists(atPath: kept.path), "\(name) keeps \(kept.path)")
        }
    }
}
