import Foundation
import MateRunnerTesting
import Testing

/// Laps on a course of two laps with the real binary: the result frame lists each lap's time, and
/// `records show` lists the same times, with the per-kilometre splits.
@Suite("End to end: laps and splits")
struct LapsEndToEndTests {
    @Test("a 2-lap course run alone: the result frame's lap times are the ones records show prints")
    func lapTimesAgree() async throws {
        let binary = try BuildProducts.materunner()
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("laps-e2e-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let course = folder.appendingPathComponent("square.gpx")
        try Data(CourseRaceEndToEndTests.route([(150, 0), (150, 90), (150, 180), (150, 270)], name: "Square").utf8).write(to: course)
        let data = folder.appendingPathComponent("data")
        let run = try await ProcessRun.run(binary, [
            "run", "--name", "ana", "--mates", "0", "--course", course.path, "--laps", "2", "--pace", "5:00", "--seed", "1",
            "--speedup", "25", "--frontend", "json", "--data-dir", data.path,
        ], timeout: 90)
        #expect(!run.timedOut && run.status == 0, "\(run.stderr)")
        let result = try #require(try run.jsonLines().last { $0["type"] as? String == "result" })
        let ana = try #require((result["runners"] as? [[String: Any]])?.first)
        let laps = try #require(ana["laps"] as? [String], "\(ana)")
        #expect(laps.count == 2)
        #expect((ana["laps_s"] as? [Double])?.count == 2)

        let record = try #require(try await RecordsEndToEndTests.records(data).first)
        let id = try #require(record["id"] as? String)
        let show = try await ProcessRun.run(binary, ["records", "show", id, "--data-dir", data.path], timeout: 30)
        #expect(show.status == 0, "\(show.stderr)")
        let lines = show.stdout.split(separator: "\n").map(String.init)
        #expect(lines.contains("  laps:") && lines.contains("    ana: \(laps.joined(separator: " "))"), "\(show.stdout)")
        #expect(lines.contains("  splits per km:"), "\(show.stdout)")
        // One lap is 600 m (the square closes on its start): the board's course and the record's agree.
        let courseFrame = try #require(try run.jsonLines().first { $0["type"] as? String == "course" })
        let length = try #require((courseFrame["course"] as? [String: Any])?["length"] as? String)
        #expect(lines.contains { $0.hasPrefix("  course square.gpx: \(length) × 2 laps") }, "\(length): \(show.stdout)")
    }
}
