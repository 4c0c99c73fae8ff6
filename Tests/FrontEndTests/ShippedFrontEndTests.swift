import Foundation
import FrontEndHosting
import FrontEndKit
import MateRunnerTesting
import Presentation
import Testing

/// The shipped front-end libraries, loaded through the real host, fed frames, checked for what they write.
@Suite("Shipped front-ends through the host")
struct ShippedFrontEndTests {
    @Test("the JSON stream writes every frame as one JSON object per line, in order")
    func jsonStream() throws {
        let output = try CapturedOutput()
        let host = FrontEndHost(searchPath: FrontEndSearchPath(directories: [BuildProducts.directory.path]))
        let plugin = try host.load("json", options: FrontEndOptions(outputFD: output.fd))
        #expect(plugin.name == "json")
        #expect(plugin.path == (try BuildProducts.frontEndLibrary("JSONStreamFrontEnd")).path)

        let frames = [SampleFrames.waiting, SampleFrames.status, SampleFrames.result]
        for frame in frames { #expect(host.deliver(frame).isEmpty) }
        host.shutdown()

        let lines = try output.text().split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines.count == frames.count + 1)  // each line ends with a newline
        #expect(lines.last == "")
        let decoded = try lines.dropLast().map { try FrontEndCoding.decode(FrontEndFrame.self, from: Array($0.utf8)) }
        #expect(decoded == frames)
        #expect(lines[0] == #"{"level":"info","message":"waiting for mates: 0 of 1","schema":1,"time":"2027-01-15T08:00:00.000Z","type":"notice"}"#)
        #expect(lines[1].contains(#""distance_m":425.5"#))
        #expect(lines[1].contains(#""elapsed_s":65"#))
    }

    @Test("a log line shown as a notice is stamped with the time it is given (the caller's clock), not the machine's; none once shut down")
    func logNoticeStamp() throws {
        let output = try CapturedOutput()
        let host = FrontEndHost(searchPath: FrontEndSearchPath(directories: [BuildProducts.directory.path]))
        try host.load("json", options: FrontEndOptions(outputFD: output.fd))
        let raceTime = Date(timeIntervalSince1970: 1_800_000_000.25)
        #expect(host.showLog(level: "warning", message: "mate bob went quiet", at: raceTime))
        host.shutdown()
        #expect(!host.showLog(level: "warning", message: "after the end", at: raceTime))
        let lines = try output.text().split(separator: "\n")
        #expect(lines == [#"{"level":"warning","message":"mate bob went quiet","schema":1,"time":"2027-01-15T08:00:00.250Z","type":"notice"}"#])
    }

    @Test("the text front-end writes plain lines with a progress bar per runner when not on a terminal")
    func textPlain() throws {
        let output = try CapturedOutput()
        let host = FrontEndHost(searchPath: FrontEndSearchPath(directories: [BuildProducts.directory.path]))
        try host.load("text", options: FrontEndOptions(outputFD: output.fd, isTerminal: false, color: false, columns: 80))
        host.deliver(SampleFrames.waiting)
        host.deliver(SampleFrames.status)
        host.deliver(SampleFrames.status)  // nothing changed: not printed again
        host.deliver(SampleFrames.result)
        host.shutdown()

        let expected = """
            [info] waiting for mates: 0 of 1
            MateRunner  01:05  goal 1.00 km  running
            * alice (you)   0.42 km [########------------]  42%  running
              bob           0.39 km [#######-------------]  39%  running
            Result: race to 1.00 km
              1. alice   1.00 km  05:21  winner
              2. bob     1.00 km  05:40
            Winner: alice

            """
        let text = try output.text()
        #expect(text == expected)
        #expect(!text.contains("\u{1B}"))
    }

    @Test("a course race in the text front-end: the course line, the lap, a runner off course, and lap times")
    func textCourse() throws {
        let output = try CapturedOutput()
        let host = FrontEndHost(searchPath: FrontEndSearchPath(directories: [BuildProducts.directory.path]))
        try host.load("text", options: FrontEndOptions(outputFD: output.fd, isTerminal: false, color: false, columns: 80))
        host.deliver(SampleFrames.course)
        host.deliver(SampleFrames.status)
        host.deliver(SampleFrames.statusOnCourse)  // bob went off course: printed again
        host.shutdown()

        let expected = """
            course Lake loop (lake.gpx): 1.91 km × 2 laps, digest 00a1b2c3d4e5f607
            MateRunner  01:05  goal 1.00 km  running
            * alice (you)   0.42 km [########------------]  42%  running
              bob           0.39 km [#######-------------]  39%  running
            MateRunner  01:05  goal 1.00 km  running
            * alice (you)   0.42 km [########------------]  42%  lap 2 running
              bob           0.39 km [#######-------------]  39%  off course
              alice laps 8:01

            """
        let text = try output.text()
        #expect(text == expected, "\(text)")
    }

    @Test("a ghost on the text board: 👻 with colour, the word without (TERM=dumb, NO_COLOR, a pipe); marked in the result")
    func textGhost() throws {
        var texts: [String] = []
        for color in [false, true] {
            let output = try CapturedOutput()
            let host = FrontEndHost(searchPath: FrontEndSearchPath(directories: [BuildProducts.directory.path]))
            try host.load("text", options: FrontEndOptions(outputFD: output.fd, isTerminal: color, color: color, columns: 80))
            host.deliver(SampleFrames.statusWithGhost)
            host.deliver(SampleFrames.resultWithGhost)
            host.shutdown()
            texts.append(try output.text())
        }
        let plain = texts[0].split(separator: "\n").map(String.init)
        #expect(plain.contains("  alice ghost   0.40 km [########------------]  40%  running"), "\(plain)")
        #expect(plain.contains { $0.hasPrefix("  1. alice") && $0.hasSuffix("winner (ghost)") }, "\(plain)")
        #expect(plain.contains { $0.hasPrefix("  2. alice") && !$0.contains("ghost") }, "\(plain)")
        #expect(plain.contains("Winner: the ghost alice"), "\(plain)")
        #expect(!texts[0].contains("👻"))
        #expect(texts[1].contains("alice 👻"), "\(texts[1])")
    }

    @Test("a ghost a mate announced says by whom on the text board, live and in the result")
    func textAnnouncedGhost() throws {
        let output = try CapturedOutput()
        let host = FrontEndHost(searchPath: FrontEndSearchPath(directories: [BuildProducts.directory.path]))
        try host.load("text", options: FrontEndOptions(outputFD: output.fd, isTerminal: false, color: false, columns: 100))
        host.deliver(SampleFrames.statusWithAnnouncedGhost)
        var result = SampleFrames.resultWithGhost
        result.runners?[0].announcedBy = "carol"
        result.winner?.announcedBy = "carol"
        host.deliver(result)
        host.shutdown()
        let plain = try output.text().split(separator: "\n").map(String.init)
        #expect(plain.contains("  alice ghost   0.40 km [########------------]  40%  running, from carol"), "\(plain)")
        #expect(plain.contains { $0.hasPrefix("  1. alice") && $0.hasSuffix("winner (ghost, from carol)") }, "\(plain)")
    }

    @Test("the text board says how the GPS is doing: no fix yet, then the fix and its accuracy; a narrow board on a line of its own")
    func textPosition() throws {
        let output = try CapturedOutput()
        let host = FrontEndHost(searchPath: FrontEndSearchPath(directories: [BuildProducts.directory.path]))
        try host.load("text", options: FrontEndOptions(outputFD: output.fd, isTerminal: false, color: false, columns: 80))
        host.deliver(SampleFrames.status)
        host.deliver(SampleFrames.statusWithPosition("no_fix", summary: "GPS: no fix yet"))
        host.deliver(SampleFrames.statusWithPosition("fix_3d", accuracy: 4.2, summary: "GPS 3D fix ±4 m"))
        host.shutdown()
        let headers = try output.text().split(separator: "\n").filter { $0.hasPrefix("MateRunner") }
        // A change of the source's state alone prints the board again (plain output).
        #expect(headers == [
            "MateRunner  01:05  goal 1.00 km  running",
            "MateRunner  01:05  goal 1.00 km  running  GPS: no fix yet",
            "MateRunner  01:05  goal 1.00 km  running  GPS 3D fix ±4 m",
        ])

        let narrow = try CapturedOutput()
        let small = FrontEndHost(searchPath: FrontEndSearchPath(directories: [BuildProducts.directory.path]))
        try small.load("text", options: FrontEndOptions(outputFD: narrow.fd, isTerminal: false, color: false, columns: 40))
        small.deliver(SampleFrames.statusWithPosition("no_receiver", summary: "GPS: no receiver"))
        small.shutdown()
        let lines = try narrow.text().split(separator: "\n")
        #expect(lines.count >= 2 && lines[1] == "GPS: no receiver", "\(lines)")
    }

    @Test("the text board says why the distance does not grow under a fix: the fixes dropped, the limit and the option")
    func textDroppedFixes() throws {
        let output = try CapturedOutput()
        let host = FrontEndHost(searchPath: FrontEndSearchPath(directories: [BuildProducts.directory.path]))
        try host.load("text", options: FrontEndOptions(outputFD: output.fd, isTerminal: false, color: false, columns: 80))
        host.deliver(SampleFrames.statusWithPosition("fix_3d", accuracy: 23, summary: "GPS 3D fix ±23 m"))
        host.deliver(SampleFrames.statusWithDroppedFixes)
        host.shutdown()
        let lines = try output.text().split(separator: "\n").map(String.init)
        #expect(lines.filter { $0.hasPrefix("MateRunner") }.count == 2, "the first drop prints the board again: \(lines)")
        #expect(lines.contains("fixes dropped: accuracy 23 m > 20 m ×12; raise with --max-accuracy"), "\(lines)")
    }

    @Test("on a terminal the text front-end redraws its block in place")
    func textTerminal() throws {
        let output = try CapturedOutput()
        let host = FrontEndHost(searchPath: FrontEndSearchPath(directories: [BuildProducts.directory.path]))
        try host.load("text", options: FrontEndOptions(outputFD: output.fd, isTerminal: true, color: false, columns: 40))
        host.deliver(SampleFrames.status)
        host.deliver(SampleFrames.status)
        host.shutdown()

        let text = try output.text()
        // Each later drawing moves the cursor up over the 4 lines before (header, 2 runners, key help):
        // the second frame, then the close, which leaves the board without the key help.
        #expect(text.components(separatedBy: "\u{1B}[4F").count - 1 == 2)
        #expect(text.components(separatedBy: "\u{1B}[2K").count - 1 == 4 + 4 + 3)
        #expect(text.hasSuffix("\u{1B}[J"))
        let lastBlock = try #require(text.components(separatedBy: "\u{1B}[4F").last)
        #expect(!lastBlock.contains("q: stop"))
        // Lines are cut to the 40 columns of the terminal.
        let visible = text.replacingOccurrences(of: "\u{1B}\\[[0-9]*[A-Za-z]", with: "\n", options: .regularExpression)
        for line in visible.split(separator: "\n") {
            #expect(line.count <= 40, "\(line)")
        }
    }

    @Test("the joiner's wait line: on a terminal one line replaced each second, gone at the end; plain, once")
    func textWaitLine() throws {
        let frames = [3, 2, 1, 0].map(SampleFrames.waitLine)
        let output = try CapturedOutput()
        let host = FrontEndHost(searchPath: FrontEndSearchPath(directories: [BuildProducts.directory.path]))
        let terminal = FrontEndOptions(outputFD: output.fd, isTerminal: true, color: false, columns: 80)
        try host.load("text", options: terminal)
        for frame in frames { host.deliver(frame) }
        host.shutdown()
        let line = { (left: Int) in "alice is waiting for an invitation: \(left) s left\n" }
        let (clear, up) = ("\u{1B}[2K", "\u{1B}[1F")
        #expect(try output.text() == clear + line(3) + up + clear + line(2) + up + clear + line(1) + up + "\u{1B}[J")

        let plain = try CapturedOutput()
        let plainHost = FrontEndHost(searchPath: FrontEndSearchPath(directories: [BuildProducts.directory.path]))
        let plainOptions = FrontEndOptions(outputFD: plain.fd, isTerminal: false, color: false, columns: 80)
        try plainHost.load("text", options: plainOptions)
        for frame in frames + [SampleFrames.waitLine(2)] { plainHost.deliver(frame) }
        plainHost.shutdown()
        #expect(try plain.text() == line(3) + line(2))
    }

    @Test("both front-ends at once each get every frame")
    func severalAtOnce() throws {
        let json = try CapturedOutput()
        let text = try CapturedOutput()
        let host = FrontEndHost(searchPath: FrontEndSearchPath(directories: [BuildProducts.directory.path]))
        try host.load("json", options: FrontEndOptions(outputFD: json.fd))
        try host.load("text", options: FrontEndOptions(outputFD: text.fd))
        #expect(host.loaded.map(\.name) == ["json", "text"])
        host.deliver(SampleFrames.result)
        host.shutdown()
        #expect(try json.text().hasPrefix(#"{"elapsed":"05:21""#))
        #expect(try text.text().hasPrefix("Result: race to 1.00 km"))
    }
}
