import Domain
import Foundation

/// Values for the sync tests: one race's terms and a runner's progress with every field overridable
/// (alice, 754 s and 2.3 km into a standard race, unless told otherwise).
public enum SyncSample {
    /// A race over the standard goal.
    public static let terms = RaceTerms(mode: .race, goal: .standard)

    /// A runner's progress; each argument overrides one field.
    public static func progress(
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
        RaceSamples.progress(
            RaceSamples.runner(id, name), terms: terms, sequence: sequence, phase: phase, elapsed: elapsed,
            distance: distance, finishTime: finishTime, hasFinalResult: hasFinalResult
        )
    }
}

extension RunnerProgress {
    /// This progress without its sequence: a peer sees the sender's datagram number as the sequence.
    public var state: RunnerProgress {
        var copy = self
        copy.sequence = 0
        return copy
    }
}
