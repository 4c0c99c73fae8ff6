import Domain
import Foundation

/// A recorded run's lap times and per-kilometre splits for each runner, from its progress samples
/// (`Splits`, as the board times laps live), runners in the order of the results.
public struct RecordSplits: Sendable, Equatable {
    public struct Runner: Sendable, Equatable {
        public var id: String
        public var name: String
        public var isGhost: Bool
        /// On a course with laps: each lap done.
        public var laps: [Splits.Split]
        /// Each whole kilometre, then what was run past the last one.
        public var kilometres: [Splits.Split]
    }

    public var runners: [Runner]

    /// The splits of `record`.
    public init(_ record: RunRecord) {
        let grouped = Dictionary(grouping: record.samples, by: \.runnerID)
        let course = record.terms.course
        runners = record.results.compactMap { result in
            guard let samples = grouped[result.runnerID], !samples.isEmpty else { return nil }
            let series = samples.sorted { $0.elapsed < $1.elapsed }.map { (elapsed: $0.elapsed, distance: $0.distance) }
            let finish = result.phase == .finished ? result.finishTime : nil
            let goal = record.terms.goal.metres
            let lapMarks = course.map { Splits.lapMarks(lapLength: $0.length, laps: $0.laps, goal: goal) } ?? []
            let reached = finish != nil ? record.terms.goal.metres : (series.last?.distance ?? 0)
            return Runner(
                id: result.runnerID, name: result.name, isGhost: result.isGhost,
                laps: Splits.splits(at: lapMarks, in: series, finishTime: finish),
                kilometres: Splits.splits(at: Splits.kilometreMarks(upTo: reached), in: series, finishTime: finish)
            )
        }
    }
}
