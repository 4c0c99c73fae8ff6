import Foundation
import FrontEndKit
import MateRunnerTesting
@testable import Presentation
import Testing

/// The error a run ends with: the view model says it as an error notice, the binder draws it last,
/// stamped by the run's clock, without reporting it as a failure a second time.
@Suite("EndingViewModel", .timeLimit(.minutes(1)))
struct EndingViewModelTests {
    struct Unreachable: Error, CustomStringConvertible {
        var description: String { "no mate answered within --wait 30 s: check that they run and share your network" }
    }

    struct Wordless: Error, CustomStringConvertible {
        var description: String { "" }
    }

    @Test("the output is one error notice in the error's own words")
    func notice() {
        let output = EndingViewModel().transform(input: .init(endedWith: Unreachable()))
        #expect(output == EndingViewModel.Output(notice: Notice(
            level: .error, message: "no mate answered within --wait 30 s: check that they run and share your network"
        )))
    }

    @Test("an error with no words is still named, never an empty notice")
    func wordless() {
        let output = EndingViewModel().transform(input: .init(endedWith: Wordless()))
        #expect(output.notice == Notice(level: .error, message: "the run ended with an error (Wordless)"))
    }

    @Test("the binder draws it stamped by the clock and does not report it; nothing once shut down")
    func drawn() {
        let screen = RecordingScreen()
        let clock = ManualRaceClock()
        clock.advance(by: 90)
        let reports = Locked<[FrontEndBinder.Report]>([])
        let binder = FrontEndBinder(screen: screen, clock: clock) { report in reports.withLock { $0.append(report) } }
        binder.show(EndingViewModel().transform(input: .init(endedWith: Unreachable())))
        #expect(screen.frames.map(\.type) == [.notice])
        #expect(screen.frames.map(\.level) == ["error"])
        #expect(screen.frames.map(\.message) == [Unreachable().description])
        #expect(screen.frames.map(\.time) == [DisplayFormat.timestamp(clock.now)])
        #expect(reports.value.isEmpty)
        binder.shutdown()
        binder.show(EndingViewModel().transform(input: .init(endedWith: Unreachable())))
        #expect(screen.frames.count == 1)
    }
}
