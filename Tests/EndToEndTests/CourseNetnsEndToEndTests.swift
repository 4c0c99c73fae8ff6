import Foundation
import MateRunnerTesting
import Testing

/// The course travelling with an invited race over real mDNS: three hosts in network namespaces, each
/// with its own avahi-daemon (no `--peer`: everyone is found over DNS-SD). Alice alone has the course
/// file; bob and carol accept her invitation without one, fetch it from her, and all three end with the
/// same course, ranking and per-runner progress along it.
@Suite("End to end: the host's course over real mDNS, three hosts in network namespaces")
struct CourseNetnsEndToEndTests {
    @Test("alice invites bob and carol (found over DNS-SD) with --course; they fetch it and all three agree")
    func threeHostsOneCourse() async throws {
        let binary = try BuildProducts.materunner()
        let folder = try RecordsEndToEndTests.temporaryDirectory("course-netns")
        defer { try? FileManager.default.removeItem(at: folder) }
        let course = folder.appendingPathComponent("lake.gpx")
        try Data(CourseInvitationEndToEndTests.route(name: "Lake loop").utf8).write(to: course)
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
                "--pace", "5:00", "--seed", "1"] + common, environment: homes.environment("alice"))
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
        #expect(results[0].entries.map(\.name) == ["alice", "bob", "carol"], "\(results[0])")
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
