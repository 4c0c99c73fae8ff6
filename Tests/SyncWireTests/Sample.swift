import Domain
import Foundation

/// Values for the codec tests: one race's terms and a runner's progress, each field overridable.
enum Sample {
    /// A race over the standard goal.
    static let terms = RaceTerms(mode: .race, goal: .standard)

    /// Alice's progress, 754 s and 2.3 km in, unless a field is given.
    static func progress(
        id: UInt64 = 0x0123_4567_89AB_CDEF,
        name: String = "alice",
        terms: RaceTerms = terms,
        sequence: UInt32 = 42,
        phase: RunnerPhase = .running,
        elapsed: TimeInterval = 754.321,
        distance: Double = 2_345.67,
        finishTime: TimeInterval? = nil,
        hasFinalResult: Bool = false
    ) -> RunnerProgress {
        RunnerProgress(
            runner: Runner(id: RunnerID(rawValue: id), name: name), terms: terms, sequence: sequence, phase: phase,
            elapsed: elapsed, distance: distance, finishTime: finishTime, hasFinalResult: hasFinalResult
        )
    }
}
