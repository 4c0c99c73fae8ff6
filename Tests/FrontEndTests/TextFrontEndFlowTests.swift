import Foundation
import FrontEndHosting
import FrontEndKit
import MateRunnerTesting
import Presentation
import Testing

/// The text front-end with the frames of the run flow (invitation, countdown, cheers), pace and
/// calories, and narrow widths, through the real host, on a file (plain lines, no escape codes).
@Suite("Text front-end: the run flow in plain lines")
struct TextFrontEndFlowTests {
    func render(_ frames: [FrontEndFrame], columns: Int) throws -> String {
        let output = try CapturedOutput()
        let host = FrontEndHost(searchPath: FrontEndSearchPath(directories: [BuildProducts.directory.path]))
        try host.load("text", options: FrontEndOptions(outputFD: output.fd, isTerminal: false, color: false, columns: columns))
        for frame in frames { #expect(host.deliver(frame).isEmpty) }
        host.shutdown()
        return try output.text()
    }

    @Test("invitation, countdown, board with pace and calories, a cheer, and the result with pace")
    func wholeFlow() throws {
        var result = SampleFrames.result
        result.runners = result.runners?.map { runner in
            var runner = runner
            runner.pace = runner.me ? "5:21 /km" : "5:39 /km"
            return runner
        }
        let frames = [SampleFrames.invitation] + (0...3).reversed().map(SampleFrames.countdown)
            + [SampleFrames.statusWithCalories, SampleFrames.cheer, result]
        let text = try render(frames, columns: 80)
        #expect(text == """
            bob invites you: race to 1.00 km (10 s to answer)
            Starting in 3...
            Starting in 2...
            Starting in 1...
            GO!
            MateRunner  01:05  goal 1.00 km  running
            * alice (you)   0.42 km [########------------]  42%  2:32 /km  7 kcal  running
              bob           0.39 km [#######-------------]  39%  2:46 /km  6 kcal  running
            bob cheers you 👏
            Result: race to 1.00 km
              1. alice   1.00 km  05:21     5:21 /km  winner
              2. bob     1.00 km  05:40     5:39 /km
            Winner: alice

            """)
        #expect(!text.contains("\u{1B}"))
    }

    @Test("at 40 columns every line fits: markers instead of words, shorter names (wide characters count twice), no pace")
    func narrow() throws {
        var status = SampleFrames.statusWithCalories
        status.runners?[1].name = "김철수마라토너"  // wide characters take two columns each
        status.runners?[1].state = "lost"
        let text = try render([status, SampleFrames.cheer, SampleFrames.result], columns: 40)
        #expect(text == """
            MateRunner  01:05  goal 1.00 km  running
            *> alice     0.42 [####------]  42%
               김철수마  0.39 [###-------]  39% lost
            bob cheers you 👏
            Result: race to 1.00 km
              1. alice   1.00 km  05:21  winner
              2. bob     1.00 km  05:40
            Winner: alice

            """)
    }
}
