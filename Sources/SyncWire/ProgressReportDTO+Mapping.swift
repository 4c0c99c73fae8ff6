import Domain
import Foundation

extension ProgressReportDTO {
    /// The report of `progress`, quantized; values beyond the fields' ranges are clamped. A finished
    /// runner without a finish time is sent with its elapsed time as the finish.
    package init(_ progress: RunnerProgress) {
        let elapsed = Self.milliseconds(progress.elapsed)
        let finish: UInt32? = progress.phase == .finished
            ? min(progress.finishTime.map(Self.milliseconds) ?? elapsed, elapsed)
            : nil
        self.init(
            phase: progress.phase,
            hasFinalResult: progress.hasFinalResult,
            elapsedMilliseconds: elapsed,
            distanceCentimetres: Self.clamped((progress.distance * 100).rounded()),
            finishMilliseconds: finish
        )
    }

    /// The Domain progress of `runner` under `terms`, ordered by the datagram's `sequence`.
    package func toDomain(runner: Runner, terms: RaceTerms, sequence: UInt32) -> RunnerProgress {
        RunnerProgress(
            runner: runner,
            terms: terms,
            sequence: sequence,
            phase: phase,
            elapsed: Double(elapsedMilliseconds) / 1000,
            distance: Double(distanceCentimetres) / 100,
            finishTime: finishMilliseconds.map { Double($0) / 1000 },
            hasFinalResult: hasFinalResult
        )
    }

    private static func milliseconds(_ seconds: TimeInterval) -> UInt32 {
        clamped((seconds * 1000).rounded())
    }

    private static func clamped(_ value: Double) -> UInt32 {
        guard value.isFinite, value > 0 else { return 0 }
        return value >= Double(UInt32.max) ? UInt32.max : UInt32(value)
    }
}
