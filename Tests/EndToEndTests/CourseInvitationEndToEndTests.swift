import Domain
import Foundation
import MateRunnerTesting
import Testing

/// The course travelling with an invited race, real processes on loopback (docs/COURSES.md,
/// "Agreement"): alice alone has the course file; bob and carol accept her invitation without one,
/// fetch it from her (three signed chunks each), keep it in their data directories, and all three end
/// with the same course, ranking and per-runner progress along it.
@Suite("End to end: the host's course travels with its invitation")
struct CourseInvitationEndToEndTests {
    /// 400 m north, then 200 m east (or `legs`), from 46°N 14.5°E, a point every 2 m (301 points: 3 chunks).
    static func route(name: String, legs: [(Double, Double)] = [(400, 0), (200, 90)]) -> String {
        var points = [Coordinate(latitude: 46, longitude: 14.5)]
        for (metres, bearing) in legs {
            for _ in 0..<Int(metres / 2) { points.append(Geodesy.destination(from: points[points.count - 1], metres: 2, bearing: bearing)) }
        }
        let body = points.map { "<rtept lat=\"\($0.latitude)\" lon=\"\($0.longitude)\"/>" }.joined(separator: "\n")
        return "<?xml version=\"1.0\"?>\n<gpx version=\"1.1\" creator=\"test\" xmlns=\"http://www.topografix.com/GPX/1/1\">"
            + "<rte><name>\(name)</name>\n\(body)\n</rte></gpx>\n"
    }

    static func frames(_ lines: [[String: Any]], _ type: String) -> [[String: Any]] {
        lines.filter { $0["type"] as? String == type }
    }

    @Test("alice invites bob and carol with --course; they have none, fetch it from her, and all three agree on course, ranking and progress")
    func joinersFetchTheCourse() async throws {
        let binary = try BuildProducts.materunner()
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("course-invite-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let course = folder.appendingPathComponent("lake.gpx")
        try Data(Self.route(name: "Lake loop").utf8).write(to: course)

        let (portA, portB, portC) = (try freeUDPPort(), try freeUDPPort(), try freeUDPPort())
        let homes = try await PairedHomes(host: "alice", joiners: ["bob", "carol"])
        let common = ["--frontend", "json", "--speedup", "25", "--wait", "30", "--log-level", "info"]
        let joiners = try [("bob", portB, "5:40", "2"), ("carol", portC, "6:10", "3")].map { name, port, pace, seed in
            try ProcessRun.Handle(binary, ["run", "--name", name, "--join", "--accept-from", "alice", "--port", "\(port)",
                "--pace", pace, "--seed", seed] + common, environment: homes.environment(name))
        }
        let alice = try ProcessRun.Handle(binary, ["run", "--name", "alice", "--invite", "bob,carol", "--course", course.path,
            "--port", "\(portA)", "--peer", "127.0.0.1:\(portB)", "--peer", "127.0.0.1:\(portC)", "--pace", "5:00", "--seed", "1"]
            + common, environment: homes.environment("alice"))
        var runs = [await alice.wait(timeout: 120)]
        for joiner in joiners { runs.append(await joiner.wait(timeout: 60)) }
        for run in runs { #expect(run.status == 0 && !run.timedOut, "exit \(run.status): \(run.stderr)") }
        let lines = try runs.map { try $0.jsonLines() }

        // One course on every screen: alice's file's name, the route's own name, 600 m, the same digest and drawing.
        let courses = try lines.map { try #require(Self.frames($0, "course").first?["course"] as? [String: Any]) }
        for shown in courses {
            #expect(shown["file"] as? String == "lake.gpx" && shown["name"] as? String == "Lake loop", "\(shown)")
            #expect(abs((shown["total_m"] as? Double ?? 0) - 600) < 1)
            #expect(shown["digest"] as? String == courses[0]["digest"] as? String)
            #expect((shown["points"] as? [[Double]]) == (courses[0]["points"] as? [[Double]]))
        }
        let digest = try #require(courses[0]["digest"] as? String)

        // The same ranking, and the same progress of every runner along the course, on every peer.
        let results = try lines.map { try RaceResult(lines: $0) }
        #expect(results[0] == results[1] && results[1] == results[2], "\(results)")
        #expect(results[0].entries.map(\.name) == ["alice", "bob", "carol"], "\(results[0])")
        let progress = lines.map { runLines -> [String] in
            let result = Self.frames(runLines, "result").last ?? [:]
            return ((result["runners"] as? [[String: Any]]) ?? []).map { runner in
                let onCourse = runner["course"] as? [String: Any]
                return "\(runner["name"] ?? "?") \(onCourse?["progress_m"] ?? "?") \(onCourse?["lat"] ?? "?") \(onCourse?["lon"] ?? "?")"
            }
        }
        #expect(progress[0] == progress[1] && progress[1] == progress[2], "\(progress)")
        for entry in results[0].entries { #expect(entry.state == "finished" && abs(entry.distanceMetres - 600) < 1, "\(entry)") }

        // Each joiner fetched it from alice, said so, and keeps it under its digest; alice served it.
        for (index, name) in [(1, "bob"), (2, "carol")] {
            let notices = Self.frames(lines[index], "notice").compactMap { $0["message"] as? String }
            #expect(notices.contains { $0.hasPrefix("course lake.gpx (Lake loop) fetched from alice: 301 points, digest checked") }, "\(notices)")
            let kept = homes.dataHome(name).appendingPathComponent("materunner/courses/\(digest).gpx")
            #expect(FileManager.default.fileExists(atPath: kept.path), "\(name) keeps \(kept.path)")
        }
        #expect(!Self.frames(lines[0], "notice").contains { ($0["message"] as? String ?? "").contains("fetch") })
    }

    @Test("bob's own --course is another course: he is told so, both files and digests named, and races alice's, fetched from her")
    func otherCourseIsReplaced() async throws {
        let binary = try BuildProducts.materunner()
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("course-invite-other-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let (lake, east) = (folder.appendingPathComponent("lake.gpx"), folder.appendingPathComponent("east.gpx"))
        try Data(Self.route(name: "Lake loop").utf8).write(to: lake)
        try Data(Self.route(name: "East", legs: [(600, 90)]).utf8).write(to: east)
        let (portA, portB) = (try freeUDPPort(), try freeUDPPort())
        let homes = try await PairedHomes(host: "alice", joiners: ["bob"])
        let common = ["--frontend", "json", "--speedup", "25", "--wait", "30", "--log-level", "info"]
        let bob = try ProcessRun.Handle(binary, ["run", "--name", "bob", "--join", "--accept-from", "alice", "--course", east.path,
            "--port", "\(portB)", "--pace", "5:40", "--seed", "2"] + common, environment: homes.environment("bob"))
        let alice = try ProcessRun.Handle(binary, ["run", "--name", "alice", "--invite", "bob", "--course", lake.path,
            "--port", "\(portA)", "--peer", "127.0.0.1:\(portB)", "--pace", "5:00", "--seed", "1"] + common,
            environment: homes.environment("alice"))
        let runs = [await alice.wait(timeout: 120), await bob.wait(timeout: 60)]
        for run in runs { #expect(run.status == 0 && !run.timedOut, "exit \(run.status): \(run.stderr)") }
        let lines = try runs.map { try $0.jsonLines() }
        let digests = lines.map { (Self.frames($0, "course").first?["course"] as? [String: Any])?["digest"] as? String }
        #expect(digests[0] != nil && digests[0] == digests[1])
        let notices = Self.frames(lines[1], "notice").compactMap { $0["message"] as? String }
        let warning = notices.first { $0.hasPrefix("your --course east.gpx (course ") }
        #expect(warning?.contains("is not alice's course lake.gpx (course \(digests[0] ?? "?"))") == true, "\(notices)")
        #expect(notices.contains { $0.hasPrefix("course lake.gpx (Lake loop) fetched from alice") }, "\(notices)")
        #expect(try RaceResult(lines: lines[0]) == RaceResult(lines: lines[1]))
    }
}
