import Foundation

/// Lap times and per-kilometre splits, from a runner's distance over time: the same numbers live (the
/// board, the frames) and afterwards (`records show`, the chart), because both come from here.
///
/// A mark (a lap's end, a whole kilometre) is crossed at the time interpolated linearly between the two
/// samples around it, as a finish is (`DistanceTracker.crossingTime`). A split is the time from the
/// previous mark (or the start) to this one.
public enum Splits {
    /// One split: its number (1-based), the distance at its end, when it was reached from the start,
    /// and how long it took.
    public struct Split: Sendable, Hashable, Codable {
        public var number: Int
        public var distance: Double
        public var at: TimeInterval
        public var duration: TimeInterval

        public init(number: Int, distance: Double, at: TimeInterval, duration: TimeInterval) {
            (self.number, self.distance, self.at, self.duration) = (number, distance, at, duration)
        }
    }

    /// Where each lap of `course` ends, toward a goal of `goal` metres: every whole lap before the goal,
    /// then the goal (the end of the last lap, or of the part of it the goal asks for). Empty without
    /// laps to time (one lap: the finish says it all).
    public static func lapMarks(lapLength: Double, laps: Int, goal: Double) -> [Double] {
        guard laps > 1, lapLength > 0, goal > 0 else { return [] }
        let whole = (1..<laps).map { Double($0) * lapLength }.filter { $0 < goal - 0.005 }
        return whole + [goal]
    }

    /// Every whole kilometre below `distance`, and `distance` itself when it is not one (the last, short split).
    public static func kilometreMarks(upTo distance: Double) -> [Double] {
        guard distance > 0 else { return [] }
        let whole = Int((distance / 1000).rounded(.down))
        var marks = (0..<whole).map { Double($0 + 1) * 1000 }
        if distance - Double(whole) * 1000 >= 1 { marks.append(distance) }
        return marks
    }

    /// The splits of `series` (elapsed seconds and metres, oldest first; distance never falling) at
    /// `marks` (increasing): one for each mark the series reached. A `finishTime` (the runner's, exact)
    /// ends the split of the last mark, when that is the goal.
    public static func splits(
        at marks: [Double], in series: [(elapsed: TimeInterval, distance: Double)], finishTime: TimeInterval? = nil
    ) -> [Split] {
        var result: [Split] = []
        var previous: (elapsed: TimeInterval, distance: Double) = (0, 0)
        var index = 0
        var last: TimeInterval = 0
        for sample in series {
            while index < marks.count, sample.distance >= marks[index] {
                let mark = marks[index]
                let span = sample.distance - previous.distance
                let fraction = span > 0 ? (mark - previous.distance) / span : 1
                let interpolated = previous.elapsed + max(0, min(1, fraction)) * (sample.elapsed - previous.elapsed)
                let at = index == marks.count - 1 ? (finishTime ?? interpolated) : interpolated
                result.append(Split(number: index + 1, distance: mark, at: at, duration: at - last))
                last = at
                index += 1
            }
            if sample.distance >= previous.distance { previous = sample }
        }
        return result
    }

    /// The laps a runner completed, live: fed each new (elapsed, distance) of that runner.
    public struct LapTimer: Sendable, Hashable {
        public let marks: [Double]
        public private(set) var laps: [Split] = []
        private var previous: Sample = Sample(elapsed: 0, distance: 0)

        private struct Sample: Sendable, Hashable {
            var elapsed: TimeInterval
            var distance: Double
        }

        /// A timer of the laps ending at `marks`.
        public init(marks: [Double]) {
            self.marks = marks
        }

        /// Notes the runner at `distance` after `elapsed` seconds; a finish time, when known, is the
        /// exact end of the last lap.
        public mutating func note(elapsed: TimeInterval, distance: Double, finishTime: TimeInterval? = nil) {
            guard distance >= previous.distance, elapsed >= previous.elapsed else { return }
            let before = laps.count
            let found = Splits.splits(
                at: Array(marks.dropFirst(before)),
                in: [(previous.elapsed, previous.distance), (elapsed, distance)], finishTime: finishTime
            )
            var last = laps.last?.at ?? 0
            for (offset, split) in found.enumerated() {
                let number = before + offset + 1
                laps.append(Split(number: number, distance: split.distance, at: split.at, duration: split.at - last))
                last = split.at
            }
            previous = Sample(elapsed: elapsed, distance: distance)
        }
    }
}
