import Foundation
import MateRunnerTesting
import Testing

/// After one 50 km jump of the receiver every later fix was refused and the distance
/// froze. A run alone replays a GPX track twice, once as recorded and once with everything after its 100th
/// point 50 km further north (a receiver that jumped and stayed there): the jump is dropped and counted,
/// a new segment starts there, and the run reaches its goal within a step of the control.
@Suite("End to end: a 50 km jump of the receiver")
struct GPSJumpEndToEndTests {
    /// A straight track north at 3 m/s, a point a second, `count` points; from point `jumpAt` on, `jump`
    /// degrees of latitude further north.
    static func track(count: Int, jumpAt: Int, jump: Double) -> String {
        let start = Date(timeIntervalSince1970: 1_780_000_000)
        let step = 3.0 / 111_195
        let formatter = ISO8601DateFormatter()
        let points = (0..<count).map { index in
            let latitude = 46.0 + Double(index) * step + (index >= jumpAt ? jump : 0)
            return #"<trkpt lat="\#(String(format: "%.7f", latitude))" lon="14.5"><time>\#(formatter.string(from: start.addingTimeInterval(Double(index))))</time></trkpt>"#
        }
        return #"<?xml version="1.0" encoding="UTF-8"?><gpx version="1.1" creator="test" xmlns="http://www.topografix.com/GPX/1/1"><trk><trkseg>"#
            + points.joined(separator: "\n") + "</trkseg></trk></gpx>\n"
    }

    @Test("a GPX track that jumps 50 km at 300 m: the distance keeps growing after it and the run reaches 0.5 km a step after the control")
    func fiftyKilometreJump() async throws {
        let folder = TestScratch.folder("jump")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        // The control and the jumped run at the same time, so that they share whatever load the machine has.
        let binary = try BuildProducts.materunner()
        let replay = { @Sendable (name: String, jump: Double) async throws -> ProcessRun in
            let file = folder.appendingPathComponent("\(name).gpx")
            try Data(Self.track(count: 240, jumpAt: 100, jump: jump).utf8).write(to: file)
            return try await ProcessRun.run(binary, ["run", "--name", "solo", "--mates", "0", "--goal", "0.5",
                "--port", "0", "--source", "gpx:\(file.path):x20", "--frontend", "json"], timeout: 90)
        }
        async let controlRun = replay("control", 0)
        async let jumpedRun = replay("jumped", 0.45)
        let runs = try await [controlRun, jumpedRun]
        var results: [RaceResult] = []
        for (name, run) in zip(["control", "jumped"], runs) {
            #expect(run.status == 0 && !run.timedOut, "\(name): exit \(run.status): \(run.stderr)")
            results.append(try RaceResult(lines: run.jsonLines()))
        }
        let (control, jumped) = (try #require(results.first?.entries.first), try #require(results.last?.entries.first))
        #expect(control.state == "finished" && jumped.state == "finished", "\(results)")
        #expect(jumped.distanceMetres >= 500, "\(jumped)")
        let (controlFinish, jumpedFinish) = (try #require(control.finishSeconds), try #require(jumped.finishSeconds))
        #expect(jumpedFinish >= controlFinish && jumpedFinish <= controlFinish + 3, "control \(controlFinish) s, jumped \(jumpedFinish) s")
        // The jump was dropped, and counted on the result.
        let message = { (run: ProcessRun) in (try? run.jsonLines())?.last { $0["type"] as? String == "result" }?["message"] as? String ?? "" }
        #expect(!message(runs[0]).contains("fixes dropped"), "\(message(runs[0]))")
        #expect(message(runs[1]).contains("fixes dropped"), "\(message(runs[1]))")
    }
}
