import Domain
import Foundation
import MateRunnerTesting
import Testing

/// Small builders for the hand-made races of these tests.
enum Sample {
    /// The instant every hand-made race starts: 2027-01-15 08:00:00 UTC, as `ManualRaceClock`.
    static let start = Date(timeIntervalSince1970: 1_800_000_000)
    /// A place on the Ljubljana marshes.
    static let origin = Coordinate(latitude: 46.0, longitude: 14.5)
    /// A 100 m race, short enough to run in a few dozen fixes.
    static let race100m = RaceTerms(mode: .race, goal: RaceGoal(centimetres: 10_000))

    static func runner(_ id: UInt64, _ name: String) -> Runner {
        Runner(id: RunnerID(rawValue: id), name: name)
    }

    static func progress(
        _ runner: Runner,
        terms: RaceTerms = race100m,
        sequence: UInt32 = 1,
        phase: RunnerPhase = .running,
        elapsed: TimeInterval = 0,
        distance: Double = 0,
        finishTime: TimeInterval? = nil,
        hasFinalResult: Bool = false
    ) -> RunnerProgress {
        RunnerProgress(
            runner: runner, terms: terms, sequence: sequence, phase: phase, elapsed: elapsed,
            distance: distance, finishTime: finishTime, hasFinalResult: hasFinalResult
        )
    }

    /// A finished runner.
    static func finished(_ runner: Runner, at finish: TimeInterval, distance: Double = 100) -> RunnerProgress {
        progress(runner, phase: .finished, elapsed: finish, distance: distance, finishTime: finish)
    }
}

/// Deterministic shuffling for the order-independence properties.
struct SeededGenerator: RandomNumberGenerator {
    private var state: UInt64

    init(seed: UInt64) {
        state = seed
    }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
