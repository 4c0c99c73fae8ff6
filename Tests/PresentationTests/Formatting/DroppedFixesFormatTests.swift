import Domain
import Foundation
import FrontEndKit
@testable import Presentation
import Testing

/// Fixes the noise filter dropped, said with the number that decided it and how to change the limit.
@Suite("Dropped fixes: on the board, in the frames and in the run's summary")
struct DroppedFixesFormatTests {
    /// A cheap receiver's effort: every fix at ±23 m dropped by the 20 m limit, and a few others.
    private func effort(_ rejections: [DistanceTracker.Rejection: Int], lastPoorAccuracy: Double? = 23) -> RunnerEffort {
        RunnerEffort(rejectedFixes: rejections, lastPoorAccuracy: lastPoorAccuracy, noiseFilter: .standard)
    }

    @Test("each reason with its number, the accuracy limit and the option that changes it; nothing when none dropped")
    func summary() {
        #expect(DroppedFixesFormat.summary(effort([:])) == nil)
        #expect(DroppedFixesFormat.summary(effort([.poorAccuracy: 12]))
            == "fixes dropped: accuracy 23 m > 20 m ×12; raise with --max-accuracy")
        #expect(DroppedFixesFormat.summary(effort([.poorAccuracy: 1, .impossibleSpeed: 2, .noFix: 3]))
            == "fixes dropped: receiver without a fix ×3, accuracy 23 m > 20 m ×1, faster than 20 m/s ×2; raise with --max-accuracy")
        #expect(DroppedFixesFormat.summary(effort([.impossibleJump: 1], lastPoorAccuracy: nil)) == "fixes dropped: a jump over 500 m ×1")
        #expect(DroppedFixesFormat.count(effort([.poorAccuracy: 12, .noFix: 3])) == 15)
        #expect(DroppedFixesFormat.metres(2.5) == "2.5 m" && DroppedFixesFormat.metres(23.4) == "23 m")
    }

    @Test("the status's position carries the count, the limit and the line; the runner's result repeats the line")
    func statusAndResult() async {
        let position = FrontEndPosition(source: "gpsd", state: "fix_3d", accuracyMetres: 23, summary: "GPS 3D fix ±23 m")
        #expect(RunningState.position(position, with: effort([:])) == position)
        let dropped = RunningState.position(position, with: effort([.poorAccuracy: 12]))?.droppedFixes
        #expect(dropped == FrontEndDroppedFixes(
            count: 12, maximumAccuracyMetres: 20, summary: "fixes dropped: accuracy 23 m > 20 m ×12; raise with --max-accuracy"
        ))

        var snapshot = Sample.snapshot(.running, [Sample.progress(Sample.ana)])
        snapshot.effort = effort([.poorAccuracy: 12])
        let state = RunningState(inputs: [], now: { Sample.start.addingTimeInterval(65) }, tickPeriod: 1)
        await state.update(snapshot)
        await state.update(PositionStatus(source: .gpsd, state: .fix3D, accuracyMetres: 23))
        let status = await state.next(sleep: { _ in })
        #expect(status?.position?.droppedFixes?.count == 12)
        #expect(status?.position?.summary == "GPS 3D fix ±23 m")
        let result = await state.takeResult(role: .runner)
        #expect(result?.summary.hasPrefix("run stopped at 01:05, before the end") == true, "\(result?.summary ?? "none")")
        #expect(result?.summary.hasSuffix("; fixes dropped: accuracy 23 m > 20 m ×12; raise with --max-accuracy") == true,
                "\(result?.summary ?? "none")")
    }
}
