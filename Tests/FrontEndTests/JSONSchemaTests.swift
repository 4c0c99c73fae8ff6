import Foundation
import FrontEndHosting
import FrontEndKit
import MateRunnerTesting
import Presentation
import Testing

/// Every frame type, as the json front-end writes it, is valid against docs/frame.schema.json
/// (checked by scripts/validate-frames with python3's jsonschema).
@Suite("JSON stream against the schema")
struct JSONSchemaTests {
    @Test("one frame of each type, including the run-flow and clock frames, validates; a broken one does not")
    func everyType() async throws {
        let output = try CapturedOutput()
        let host = FrontEndHost(searchPath: FrontEndSearchPath(directories: [BuildProducts.directory.path]))
        try host.load("json", options: FrontEndOptions(outputFD: output.fd))
        let frames = [
            SampleFrames.waiting, SampleFrames.invitation, SampleFrames.countdown(3), SampleFrames.countdown(0),
            SampleFrames.status, SampleFrames.statusWithCalories, SampleFrames.cheer, SampleFrames.clock, SampleFrames.result,
            SampleFrames.statusWithPosition("no_fix", summary: "GPS: no fix yet"),
            SampleFrames.statusWithPosition("fix_3d", accuracy: 4.2, summary: "GPS 3D fix ±4 m"),
            SampleFrames.statusWithDroppedFixes,
            SampleFrames.course, SampleFrames.statusOnCourse, SampleFrames.statusWithGhost, SampleFrames.statusWithAnnouncedGhost, SampleFrames.resultWithGhost,
            SampleFrames.waitLine(3), SampleFrames.waitLine(0),
        ]
        for frame in frames { #expect(host.deliver(frame).isEmpty) }
        host.shutdown()
        #expect(Set(frames.map(\.type)).count == 9)

        let valid = try await FrameValidator.run(file: output.url)
        #expect(valid.status == 0, "\(valid.output)")
        #expect(valid.output == "19 frames valid\n")

        var broken = SampleFrames.status
        broken.runners?[0].distance = "425 m"
        broken.runners?[1].progress = 1.5
        let bad = output.url.appendingPathExtension("bad")
        try Data((try FrontEndCoding.encode(broken)) + [10]).write(to: bad)
        defer { try? FileManager.default.removeItem(at: bad) }
        var offCourse = SampleFrames.statusOnCourse
        offCourse.runners?[1].course?.lap = 0
        var notAGhost = SampleFrames.statusWithGhost
        notAGhost.runners?[1].ghost = false
        var badLap = SampleFrames.statusOnCourse
        badLap.runners?[0].laps = ["8 min"]
        var noWaitLeft = SampleFrames.waitLine(1)
        noWaitLeft.waiting?.secondsLeft = 0
        var negativeDrops = SampleFrames.statusWithDroppedFixes
        negativeDrops.position?.droppedFixes?.count = -1
        try Data((try FrontEndCoding.encode(broken)) + [10] + (try FrontEndCoding.encode(offCourse)) + [10]
            + (try FrontEndCoding.encode(notAGhost)) + [10] + (try FrontEndCoding.encode(negativeDrops)) + [10]
            + (try FrontEndCoding.encode(badLap)) + [10]
            + (try FrontEndCoding.encode(noWaitLeft)) + [10]).write(to: bad)
        let invalid = try await FrameValidator.run(file: bad)
        #expect(invalid.status == 1)
        #expect(invalid.output.contains("runners/0/distance"), "\(invalid.output)")
        #expect(invalid.output.contains("runners/1/progress"), "\(invalid.output)")
        #expect(invalid.output.contains("runners/1/course/lap"), "\(invalid.output)")
        #expect(invalid.output.contains("runners/0/laps/0"), "a lap time is m:ss: \(invalid.output)")
        #expect(invalid.output.contains("runners/1/ghost"), "ghost is true or absent: \(invalid.output)")
        #expect(invalid.output.contains("position/dropped_fixes/count"), "\(invalid.output)")
        #expect(invalid.output.contains("waiting/seconds_left"), "a second left or no line: \(invalid.output)")
    }
}

/// Runs scripts/validate-frames on a file.
enum FrameValidator {
    static func run(file: URL) async throws -> ToolRun {
        try await runTool(Fixtures.packageRoot.appendingPathComponent("scripts/validate-frames"), [file.path])
    }
}
