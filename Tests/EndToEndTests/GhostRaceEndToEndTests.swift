import Domain
import Foundation
import MateRunnerTesting
import Testing

/// A ghost with the real binary on loopback: alice records a run on a course, then races bob on that
/// course against her recorded run (`--ghost` with a start of its id). Both streams show the ghost
/// marked, with the same progress, and the same result; the records keep the course, list the runs of
/// it together with the personal record, and the totals give the ghost's place to nobody.
@Suite("End to end: a race with a ghost")
struct GhostRaceEndToEndTests {
    private static func folder() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("ghost-e2e-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    private static func json(_ text: String) throws -> [[String: Any]] {
        try text.split(separator: "\n").map { line in
            try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
        }
    }

    /// The ghost's (time, distance) in every status and result frame of a stream, and whether every
    /// frame with three runners (the ghost among them) marks exactly one as `ghost: true`.
    private static func ghostLine(_ lines: [[String: Any]]) -> (points: [(Double, Double)], marked: Bool) {
        var points: [(Double, Double)] = []
        var marked = true
        for frame in lines where ["status", "result"].contains(frame["type"] as? String) {
            let runners = frame["runners"] as? [[String: Any]] ?? []
            let ghosts = runners.filter { $0["ghost"] as? Bool == true }
            if runners.count == 3 { marked = marked && ghosts.count == 1 }
            for ghost in ghosts {
                if let time = ghost["time_s"] as? Double, let distance = ghost["distance_m"] as? Double { points.append((time, distance)) }
            }
        }
        return (points, marked)
    }

    /// Runs scripts/validate-frames with `schema` on `text` (NDJSON); returns its exit status and output.
    private static func validate(_ text: String, schema: String, in folder: URL) throws -> (status: Int32, output: String) {
        let file = folder.appendingPathComponent("\(schema)-\(UUID().uuidString).ndjson")
        try Data(text.utf8).write(to: file)
        let process = Process()
        let pipe = Pipe()
        process.executableURL = Fixtures.packageRoot.appendingPathComponent("scripts/validate-frames")
        process.arguments = ["--schema", schema, file.path]
        process.standardOutput = pipe
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: data, as: UTF8.self))
    }

    @Test("record a run, then race two runners on its course against it: marked, the same progress and result everywhere; records and totals")
    func ghostRace() async throws {
        let binary = try BuildProducts.materunner()
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let course = folder.appendingPathComponent("park.gpx")
        try Data(CourseRaceEndToEndTests.route([(200, 0), (100, 90)], name: "park loop").utf8).write(to: course)
        let (dirA, dirB) = (folder.appendingPathComponent("alice"), folder.appendingPathComponent("bob"))

        // 1. alice runs the course alone, fast (2:40 /km), sped up: her record is the ghost to beat.
        let solo = try await ProcessRun.run(binary, [
            "run", "--name", "alice", "--mates", "0", "--port", "0", "--course", course.path, "--pace", "2:40", "--seed", "3",
            "--speedup", "20", "--data-dir", dirA.path, "--frontend", "json",
        ], timeout: 120)
        #expect(!solo.timedOut && solo.status == 0, "\(solo.stderr)")
        let listed = try Self.json(try await ProcessRun.run(binary, ["records", "--json", "--data-dir", dirA.path]).stdout)
        let recordID = try #require(listed.first?["id"] as? String)
        #expect(listed.count == 1 && (listed.first?["course"] as? [String: Any])?["name"] as? String == "park.gpx")

        // 2. alice (3:00 /km) and bob (3:20 /km) race on the course against it, in real time (the
        //    ghost runs on the shared race clock, which a speed-up would not be).
        let (portA, portB) = (try freeUDPPort(), try freeUDPPort())
        let common = ["--course", course.path, "--frontend", "json", "--wait", "30"]
        let alice = try ProcessRun.Handle(binary, ["run", "--name", "alice", "--port", "\(portA)", "--peer", "127.0.0.1:\(portB)",
            "--pace", "3:00", "--seed", "1", "--data-dir", dirA.path, "--ghost", String(recordID.prefix(8))] + common)
        let bob = try ProcessRun.Handle(binary, ["run", "--name", "bob", "--port", "\(portB)", "--peer", "127.0.0.1:\(portA)",
            "--pace", "3:20", "--seed", "2", "--data-dir", dirB.path] + common)
        let runs = [await alice.wait(timeout: 180), await bob.wait(timeout: 180)]
        for run in runs { #expect(!run.timedOut && run.status == 0, "exit \(run.status): \(run.stderr)") }
        let (linesA, linesB) = (try runs[0].jsonLines(), try runs[1].jsonLines())
        let (resultA, resultB) = (try RaceResult(lines: linesA), try RaceResult(lines: linesB))
        #expect(resultA == resultB, "\(resultA) / \(resultB)")
        // An open race: the ghost (alice's faster record) ranks behind the runners who ran (anyone
        // on the network may announce one); alice first, bob second, the ghost third.
        #expect(resultA.entries.map(\.name) == ["alice", "bob", "alice"], "\(resultA)")
        #expect(resultA.entries.map(\.state) == ["finished", "finished", "finished"])
        // Marked as a ghost in every frame of both streams, with the same progress: the two streams'
        // ghost lines, merged by time, never go back (one function of the race clock).
        let (ghostA, ghostB) = (Self.ghostLine(linesA), Self.ghostLine(linesB))
        #expect(ghostA.marked && ghostB.marked)
        #expect(ghostA.points.count > 10 && ghostB.points.count > 10)
        let merged = (ghostA.points + ghostB.points).sorted { $0.0 < $1.0 || $0.0 == $1.0 && $0.1 < $1.1 }
        let regressions = zip(merged, merged.dropFirst()).filter { $1.1 < $0.1 - 0.01 }
        #expect(regressions.isEmpty, "the ghost went back between the streams: \(regressions.prefix(3))")
        for lines in [linesA, linesB] {
            let result = try #require(lines.last { $0["type"] as? String == "result" })
            let ghost = try #require((result["runners"] as? [[String: Any]])?.first { $0["ghost"] as? Bool == true })
            #expect(ghost["rank"] as? Int == 3 && (ghost["course"] as? [String: Any])?["lat"] is Double)
        }

        for run in runs {
            let checked = try Self.validate(run.stdout, schema: "frame", in: folder)
            #expect(checked.status == 0, "\(checked.output)")
        }

        // 3. The records: alice's two runs of the course together with the best time; the ghost's line kept as a ghost.
        let text = try await ProcessRun.run(binary, ["records", "--data-dir", dirA.path]).stdout
        let heading = try #require(text.split(separator: "\n").first { $0.hasPrefix("course park.gpx") })
        #expect(heading.contains("2 runs") && heading.contains("best"), "\(text)")
        let recordsText = try await ProcessRun.run(binary, ["records", "--json", "--data-dir", dirA.path]).stdout
        let records = try Self.json(recordsText)
        let checkedRecords = try Self.validate(recordsText, schema: "record", in: folder)
        #expect(checkedRecords.status == 0, "\(checkedRecords.output)")
        #expect(records.count == 2)
        #expect(Set(records.compactMap { ($0["course"] as? [String: Any])?["digest"] as? String }).count == 1)
        #expect(records.filter { $0["course_best"] as? Bool == true }.map { $0["id"] as? String } == [recordID])
        let race = try #require(records.first { $0["id"] as? String != recordID })
        let raceResults = race["results"] as? [[String: Any]] ?? []
        #expect(raceResults.map { $0["ghost"] as? Bool } == [false, false, true])
        #expect(race["rank"] as? Int == 1 && race["rank_among_runners"] as? Int == 1)
        let bobRecords = try Self.json(try await ProcessRun.run(binary, ["records", "--json", "--data-dir", dirB.path]).stdout)
        #expect(bobRecords.count == 1 && (bobRecords.first?["course"] as? [String: Any])?["name"] as? String == "park.gpx")
        #expect((bobRecords.first?["results"] as? [[String: Any]])?.last?["ghost"] as? Bool == true)

        // The race's export: the raw GPS track and the route matched to the course (read by gpxpy);
        // the chart draws the ghost dashed, named as one.
        let gpx = folder.appendingPathComponent("race.gpx")
        let svg = folder.appendingPathComponent("race.svg")
        let raceID = try #require(race["id"] as? String)
        let exported = try await ProcessRun.run(binary, ["export", String(raceID.prefix(8)), "--gpx", gpx.path, "--chart", svg.path, "--data-dir", dirA.path])
        #expect(exported.status == 0, "\(exported.stderr)")
        if ExportCheck.hasGPXPy {
            let tracks = try ExportCheck.gpxpyTracks(gpx)
            #expect(tracks.count == 2, "\(tracks)")
            #expect(tracks.first?.name.hasSuffix("(GPS)") == true && tracks.last?.name.hasSuffix("(on the course park.gpx)") == true, "\(tracks)")
            #expect(tracks.allSatisfy { $0.points > 10 }, "\(tracks)")
        }
        let chart = try String(contentsOf: svg, encoding: .utf8)
        #expect(chart.contains(#"class="runner ghost""#) && chart.contains(">alice (ghost)<"))

        // 4. Totals: alice's two runs only (never the ghost's), and the race as a win (first of the
        //    runners: the ghost's first place counts for nobody); bob none.
        let totalsText = try await ProcessRun.run(binary, ["records", "totals", "--json", "--data-dir", dirA.path]).stdout
        let totals = try #require(try Self.json(totalsText).first)
        let checkedTotals = try Self.validate(totalsText, schema: "totals", in: folder)
        #expect(checkedTotals.status == 0, "\(checkedTotals.output)")
        let lifetime = try #require(totals["lifetime"] as? [String: Any])
        let distances = records.compactMap { $0["distance_m"] as? Double }
        #expect(lifetime["runs"] as? Int == 2 && lifetime["wins"] as? Int == 1, "\(lifetime)")
        #expect(abs((lifetime["distance_m"] as? Double ?? 0) - distances.reduce(0, +)) < 0.02)
        let courses = try #require(totals["courses"] as? [[String: Any]])
        #expect(courses.count == 1 && courses.first?["best_id"] as? String == recordID && courses.first?["runs"] as? Int == 2)
        let bobTotals = try #require(try Self.json(try await ProcessRun.run(binary, ["records", "totals", "--json", "--data-dir", dirB.path]).stdout).first)
        #expect((bobTotals["lifetime"] as? [String: Any])?["wins"] as? Int == 0)
    }

    @Test("an invited race: alice alone has the course and the record; bob and carol fetch the course and all three show her ghost, marked, with the same result")
    func invitedRaceWithAGhost() async throws {
        let binary = try BuildProducts.materunner()
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let course = folder.appendingPathComponent("lake.gpx")
        try Data(CourseInvitationEndToEndTests.route(name: "Lake loop").utf8).write(to: course)
        let homes = try await PairedHomes(host: "alice", joiners: ["bob", "carol"])
        // alice's record on the course (4:00 /km), in her own data home.
        let solo = try await ProcessRun.run(binary, [
            "run", "--name", "alice", "--mates", "0", "--port", "0", "--course", course.path, "--pace", "4:00", "--seed", "4",
            "--speedup", "25", "--frontend", "json",
        ], timeout: 120, environment: homes.environment("alice"))
        #expect(solo.status == 0, "\(solo.stderr)")
        let listed = try Self.json(try await ProcessRun.run(binary, ["records", "--json"], environment: homes.environment("alice")).stdout)
        let recordID = try #require(listed.first?["id"] as? String)

        let (portA, portB, portC) = (try freeUDPPort(), try freeUDPPort(), try freeUDPPort())
        let common = ["--frontend", "json", "--speedup", "25", "--wait", "30"]
        let joiners = try [("bob", portB, "5:40", "2"), ("carol", portC, "6:10", "3")].map { name, port, pace, seed in
            try ProcessRun.Handle(binary, ["run", "--name", name, "--join", "--accept-from", "alice", "--port", "\(port)",
                "--pace", pace, "--seed", seed] + common, environment: homes.environment(name))
        }
        let alice = try ProcessRun.Handle(binary, ["run", "--name", "alice", "--invite", "bob,carol", "--course", course.path,
            "--ghost", String(recordID.prefix(6)), "--port", "\(portA)", "--peer", "127.0.0.1:\(portB)", "--peer", "127.0.0.1:\(portC)",
            "--pace", "5:00", "--seed", "1"] + common, environment: homes.environment("alice"))
        var runs = [await alice.wait(timeout: 120)]
        for joiner in joiners { runs.append(await joiner.wait(timeout: 60)) }
        for run in runs { #expect(run.status == 0 && !run.timedOut, "exit \(run.status): \(run.stderr)") }
        let lines = try runs.map { try $0.jsonLines() }
        let results = try lines.map { try RaceResult(lines: $0) }
        #expect(results[0] == results[1] && results[1] == results[2], "\(results)")
        #expect(results[0].entries.map(\.name) == ["alice", "alice", "bob", "carol"], "\(results[0])")
        for runLines in lines {
            let ghost = Self.ghostLine(runLines)
            #expect(ghost.points.count > 5)
            let result = try #require(runLines.last { $0["type"] as? String == "result" })
            let marked = (result["runners"] as? [[String: Any]] ?? []).map { $0["ghost"] as? Bool == true }
            #expect(marked == [true, false, false, false], "\(marked)")
        }
        // The same ghost progress on the three peers: their ghost lines merged by time never go back.
        let points: [(Double, Double)] = lines.flatMap { runLines in Self.ghostLine(runLines).points }
        let merged = points.sorted { (a: (Double, Double), b: (Double, Double)) -> Bool in a.0 < b.0 || (a.0 == b.0 && a.1 < b.1) }
        let regressions = zip(merged, merged.dropFirst()).filter { $1.1 < $0.1 - 0.01 }
        #expect(regressions.isEmpty, "the ghost went back between the streams: \(regressions.prefix(3))")
    }

    @Test("a ghost id that names no run, or several, and an untimed GPX are clear errors")
    func ghostErrors() async throws {
        let binary = try BuildProducts.materunner()
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let unknown = try await ProcessRun.run(binary, ["run", "--name", "a", "--mates", "0", "--port", "0", "--data-dir", folder.path, "--ghost", "abcdef12"])
        #expect(unknown.status == 64)
        #expect(unknown.stderr.contains("no run 'abcdef12'") && unknown.stderr.contains("materunner records"), "\(unknown.stderr)")
        let plan = folder.appendingPathComponent("plan.gpx")
        try Data(CourseRaceEndToEndTests.route([(300, 0)], name: "plan").utf8).write(to: plan)
        let untimed = try await ProcessRun.run(binary, ["run", "--name", "a", "--mates", "0", "--port", "0", "--data-dir", folder.path, "--ghost", "gpx:\(plan.path)"])
        #expect(untimed.status == 64)
        #expect(untimed.stderr.contains("no times"), "\(untimed.stderr)")
        let team = try await ProcessRun.run(binary, ["run", "--name", "a", "--mode", "team", "--peer", "127.0.0.1:9", "--data-dir", folder.path, "--ghost", "abcd"])
        #expect(team.status == 64 && team.stderr.contains("--ghost needs --mode race"), "\(team.stderr)")
    }
}
