import MateRunnerTesting
import Foundation
import Testing

/// Records written by real `materunner run` processes, read back with `records` and `export`.
@Suite("End to end: records and exports")
struct RecordsEndToEndTests {
    static func temporaryDirectory(_ label: String) throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("materunner-\(label)-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    static func records(_ dataDir: URL, _ extra: [String] = []) async throws -> [[String: Any]] {
        let run = try await ProcessRun.run(try BuildProducts.materunner(), ["records", "--json", "--data-dir", dataDir.path] + extra, timeout: 30)
        #expect(run.status == 0, "\(run.stderr)")
        return try run.jsonLines()
    }

    /// (name, rank) of every runner of a `records --json` line.
    static func ranking(_ line: [String: Any]) -> [String] {
        ((line["results"] as? [[String: Any]]) ?? []).map { "\($0["name"] ?? "?"):\($0["rank"] ?? "-")" }
    }

    @Test("two runs over loopback: both record the run with the same ranking; GPX and chart export")
    func twoProcessesRecordTheSameRanking() async throws {
        let binary = try BuildProducts.materunner()
        let (dirA, dirB) = (try Self.temporaryDirectory("records-a"), try Self.temporaryDirectory("records-b"))
        defer { for dir in [dirA, dirB] { try? FileManager.default.removeItem(at: dir) } }
        let (portA, portB) = (try freeUDPPort(), try freeUDPPort())
        let common = ["--goal", "0.3", "--speedup", "25", "--wait", "30"]
        let alice = try ProcessRun.Handle(binary, ["run", "--name", "alice", "--port", "\(portA)", "--peer", "127.0.0.1:\(portB)",
            "--pace", "5:00", "--seed", "1", "--data-dir", dirA.path] + common)
        let bob = try ProcessRun.Handle(binary, ["run", "--name", "bob", "--port", "\(portB)", "--peer", "127.0.0.1:\(portA)",
            "--pace", "5:40", "--seed", "2", "--data-dir", dirB.path] + common)
        for run in [await alice.wait(timeout: 90), await bob.wait(timeout: 90)] {
            #expect(!run.timedOut && run.status == 0, "\(run.stderr)")
        }

        let lineA = try #require(try await Self.records(dirA).first)
        let lineB = try #require(try await Self.records(dirB).first)
        #expect(lineA["runner"] as? String == "alice" && lineB["runner"] as? String == "bob")
        for line in [lineA, lineB] {
            #expect(line["status"] as? String == "finished")
            #expect(line["mode"] as? String == "race")
            #expect((line["route_points"] as? Int ?? 0) > 10)
        }
        #expect(Self.ranking(lineA) == Self.ranking(lineB))
        #expect(Self.ranking(lineA) == ["alice:1", "bob:2"])
        #expect(try await Self.records(dirA, ["--month", "1999-01"]).isEmpty)

        let id = try #require(lineA["id"] as? String)
        let gpx = dirA.appendingPathComponent("run.gpx")
        let svg = dirA.appendingPathComponent("run.svg")
        let export = try await ProcessRun.run(binary, ["export", id, "--gpx", gpx.path, "--chart", svg.path, "--data-dir", dirA.path])
        #expect(export.status == 0, "\(export.stderr)")
        let recorded = try #require(lineA["distance_m"] as? Double)
        try Self.checkGPX(gpx, distance: recorded)
        let polylines = try ExportCheck.runnerPolylines(svg)
        #expect(polylines.sorted() == ["alice", "bob"])
    }

    static func checkGPX(_ file: URL, distance: Double) throws {
        guard ExportCheck.hasGPXPy else {
            Issue.record("python3 gpxpy is missing: run scripts/install-system-packages (pip install gpxpy)")
            return
        }
        let measured = try ExportCheck.gpxpyLength(file)
        #expect(abs(measured.metres - distance) <= distance * 0.01, "gpxpy \(measured.metres) m, recorded \(distance) m")
        #expect(measured.points > 10 && measured.seconds > 0)
    }

    @Test("kill -9 mid-run: records shows the partial run, marked interrupted")
    func killedRunIsInterrupted() async throws {
        let binary = try BuildProducts.materunner()
        let dir = try Self.temporaryDirectory("records-kill")
        defer { try? FileManager.default.removeItem(at: dir) }
        let runner = try ProcessRun.Handle(binary, ["run", "--name", "solo", "--mates", "0", "--port", "0", "--goal", "50",
            "--speedup", "20", "--seed", "5", "--data-dir", dir.path])
        defer { if runner.process.isRunning { kill(runner.process.processIdentifier, SIGKILL) } }
        // Wait (bounded) until a checkpoint with route points is on disk, then kill without warning.
        var written = false
        for _ in 0..<300 where !written {
            try await Task.sleep(for: .milliseconds(100))
            written = ((try await Self.records(dir).first?["route_points"] as? Int) ?? 0) > 0
        }
        #expect(written, "no checkpoint was written")
        kill(runner.process.processIdentifier, SIGKILL)
        let run = await runner.wait(timeout: 10)
        #expect(run.status == SIGKILL)

        let line = try #require(try await Self.records(dir).first)
        #expect(line["status"] as? String == "interrupted")
        #expect((line["distance_m"] as? Double ?? 0) > 0)
        #expect((line["distance_m"] as? Double ?? 0) < 50_000)
        let text = try await ProcessRun.run(binary, ["records", "--data-dir", dir.path])
        #expect(text.stdout.contains("interrupted"), "\(text.stdout)")
    }

    @Test("a run stopped with Ctrl-C or SIGTERM before the goal is recorded as stopped (not cancelled) and exits 130 or 143",
          arguments: [(SIGINT, 130), (SIGTERM, 143)] as [(Int32, Int32)])
    func stoppedRunIsStopped(signal: Int32, status: Int32) async throws {
        let binary = try BuildProducts.materunner()
        let dir = try Self.temporaryDirectory("records-stop")
        defer { try? FileManager.default.removeItem(at: dir) }
        let runner = try ProcessRun.Handle(binary, ["run", "--name", "solo", "--mates", "0", "--port", "0", "--goal", "50",
            "--speedup", "20", "--seed", "6", "--data-dir", dir.path])
        defer { if runner.process.isRunning { kill(runner.process.processIdentifier, SIGKILL) } }
        var started = false
        for _ in 0..<300 where !started {
            try await Task.sleep(for: .milliseconds(100))
            started = ((try await Self.records(dir).first?["route_points"] as? Int) ?? 0) > 0
        }
        #expect(started, "the run was never recorded")
        kill(runner.process.processIdentifier, signal)
        let run = await runner.wait(timeout: 30)
        #expect(!run.timedOut && run.status == status, "exit \(run.status): \(run.stderr)")

        let line = try #require(try await Self.records(dir).first)
        #expect(line["status"] as? String == "stopped")
        #expect(line["demo"] as? Bool == false)
        #expect((line["distance_m"] as? Double ?? 0) > 0)
    }

    @Test("a demo's run is listed as a demo and left out of records totals")
    func demoNotInTotals() async throws {
        let binary = try BuildProducts.materunner()
        let dir = try Self.temporaryDirectory("records-demo")
        defer { try? FileManager.default.removeItem(at: dir) }
        let demo = try await ProcessRun.run(binary, ["demo", "--goal", "0.05", "--speedup", "50", "--frontend", "json", "--data-dir", dir.path], timeout: 90)
        #expect(demo.status == 0, "\(demo.stderr)")
        let line = try #require(try await Self.records(dir).first)
        #expect(line["demo"] as? Bool == true && line["status"] as? String == "finished", "\(line)")
        let totals = try await ProcessRun.run(binary, ["records", "totals", "--json", "--data-dir", dir.path])
        let lifetime = try #require(try totals.jsonLines().first?["lifetime"] as? [String: Any], "\(totals.stdout)")
        #expect(lifetime["runs"] as? Int == 0, "\(totals.stdout)")
        let text = try await ProcessRun.run(binary, ["records", "--data-dir", dir.path])
        #expect(text.stdout.contains("finished (demo)"), "\(text.stdout)")
    }

    @Test("export --gpx - and --chart - write to standard output, no file named -; both at once is refused")
    func exportToStandardOutput() async throws {
        let binary = try BuildProducts.materunner()
        let dir = try Self.temporaryDirectory("records-stdout")
        defer { try? FileManager.default.removeItem(at: dir) }
        let demo = try await ProcessRun.run(binary, ["demo", "--goal", "0.05", "--speedup", "50", "--frontend", "json", "--data-dir", dir.path], timeout: 90)
        #expect(demo.status == 0, "\(demo.stderr)")
        let id = try #require(try await Self.records(dir).first?["id"] as? String)
        let work = dir.appendingPathComponent("work")
        try FileManager.default.createDirectory(at: work, withIntermediateDirectories: true)
        let gpx = try await ProcessRun.run(binary, ["export", id, "--gpx", "-", "--data-dir", dir.path], directory: work)
        #expect(gpx.status == 0, "\(gpx.stderr)")
        #expect(gpx.stdout.hasPrefix("<?xml") && gpx.stdout.contains("<gpx") && gpx.stdout.contains("<trkpt"), "\(gpx.stdout.prefix(300))")
        let chart = try await ProcessRun.run(binary, ["export", id, "--chart", "-", "--data-dir", dir.path], directory: work)
        #expect(chart.status == 0 && chart.stdout.contains("<svg"), "\(chart.stderr)")
        #expect(!FileManager.default.fileExists(atPath: work.appendingPathComponent("-").path), "a file named - was written")
        let both = try await ProcessRun.run(binary, ["export", id, "--gpx", "-", "--chart", "-", "--data-dir", dir.path], directory: work)
        #expect(both.status == 64 && both.stderr.contains("standard output"), "\(both.status) \(both.stderr)")
    }

    @Test("a data directory that cannot be written: run refuses to start with what to do")
    func unwritableDataDirectory() async throws {
        let dir = try Self.temporaryDirectory("records-file")
        defer { try? FileManager.default.removeItem(at: dir) }
        let file = dir.appendingPathComponent("not-a-dir")
        try Data("x".utf8).write(to: file)
        let run = try await ProcessRun.run(try BuildProducts.materunner(), ["run", "--name", "a", "--peer", "127.0.0.1:9",
            "--data-dir", file.appendingPathComponent("records").path], timeout: 30)
        #expect(run.status == 73)
        #expect(run.stderr.hasPrefix("materunner: error: cannot create the records directory"), "\(run.stderr)")
        #expect(run.stderr.contains("--data-dir"), "\(run.stderr)")
    }
}
