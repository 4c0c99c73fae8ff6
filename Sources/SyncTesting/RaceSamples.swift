import Domain
import Foundation

/// Small builders for hand-made races: runners, progress lines, the terms of a short race.
public enum RaceSamples {
    /// The instant every hand-made race starts: 2027-01-15 08:00:00 UTC, as `ManualRaceClock`.
    public static let start = Date(timeIntervalSince1970: 1_800_000_000)
    /// A place on the Ljubljana marshes.
    public static let origin = Coordinate(latitude: 46.0, longitude: 14.5)
    /// A 100 m race, short enough to run in a few dozen fixes.
    public static let race100m = RaceTerms(mode: .race, goal: RaceGoal(centimetres: 10_000))

    /// A runner with a small id, easy to read in failures.
    public static func runner(_ id: UInt64, _ name: String) -> Runner {
        Runner(id: RunnerID(rawValue: id), name: name)
    }

    /// A runner's progress line, running at the start of `race100m` unless told otherwise.
    public static func progress(
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
    public static func finished(_ runner: Runner, at finish: TimeInterval, distance: Double = 100) -> RunnerProgress {
        progress(runner, phase: .finished, elapsed: finish, distance: distance, finishTime: finish)
    }
}
