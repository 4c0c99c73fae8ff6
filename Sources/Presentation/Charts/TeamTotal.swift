import Domain
import Foundation

/// A team run's combined distance over time, for the chart: at every instant any runner was sampled,
/// the sum of every runner's distance (each interpolated linearly between its own samples, held at its
/// last value after it).
enum TeamTotal {
    /// (elapsed, summed distance) points, oldest first.
    static func points(of runners: [ChartRunner]) -> [(elapsed: TimeInterval, distance: Double)] {
        let instants = Set(runners.flatMap { $0.points.map(\.elapsed) }).sorted()
        return instants.map { instant in
            (instant, runners.reduce(0) { $0 + distance(of: $1.points, at: instant) })
        }
    }

    /// A runner's distance at `instant` from its samples (sorted by time).
    static func distance(of points: [ProgressSample], at instant: TimeInterval) -> Double {
        guard let after = points.firstIndex(where: { $0.elapsed >= instant }) else { return points.last?.distance ?? 0 }
        let next = points[after]
        guard after > 0, next.elapsed > instant else { return next.distance }
        let previous = points[after - 1]
        let span = next.elapsed - previous.elapsed
        guard span > 0 else { return next.distance }
        return previous.distance + (next.distance - previous.distance) * (instant - previous.elapsed) / span
    }
}
