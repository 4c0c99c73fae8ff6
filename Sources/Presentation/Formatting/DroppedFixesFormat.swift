import Domain
import Foundation

/// What the GPS noise filter dropped, in words a runner can act on: each reason with the number that
/// decided it, e.g. `fixes dropped: accuracy 23 m > 20 m ×12; raise with --max-accuracy`.
public enum DroppedFixesFormat {
    /// The run option that sets the accuracy limit (`NoiseFilterSettings.maximumAccuracy`).
    public static let accuracyOption = "--max-accuracy"

    /// One line for `effort`'s dropped fixes; nil when none was dropped.
    public static func summary(_ effort: RunnerEffort) -> String? {
        let filter = effort.noiseFilter
        let parts = DistanceTracker.Rejection.allCases.compactMap { reason -> String? in
            guard let count = effort.rejectedFixes[reason], count > 0 else { return nil }
            return "\(words(reason, effort: effort, filter: filter)) ×\(count)"
        }
        guard !parts.isEmpty else { return nil }
        let hint = (effort.rejectedFixes[.poorAccuracy] ?? 0) > 0 ? "; raise with \(accuracyOption)" : ""
        return "fixes dropped: " + parts.joined(separator: ", ") + hint
    }

    /// How many fixes were dropped, every reason together.
    public static func count(_ effort: RunnerEffort) -> Int {
        effort.rejectedFixes.values.reduce(0, +)
    }

    private static func words(_ reason: DistanceTracker.Rejection, effort: RunnerEffort, filter: NoiseFilterSettings) -> String {
        switch reason {
        case .poorAccuracy:
            let limit = metres(filter.maximumAccuracy)
            return effort.lastPoorAccuracy.map { "accuracy \(metres($0)) > \(limit)" } ?? "accuracy unknown (limit \(limit))"
        case .impossibleSpeed: return "faster than \(metres(filter.maximumSpeed))/s"
        case .impossibleJump: return "a jump over \(metres(filter.maximumJump))"
        case .noFix: return "receiver without a fix"
        case .timeWentBackwards: return "older than the last fix"
        case .invalidCoordinate: return "invalid coordinates"
        case .invalidTime: return "invalid time"
        }
    }

    /// Whole metres (`23 m`), or one decimal under 10 m (`2.5 m`).
    static func metres(_ value: Double) -> String {
        guard value.isFinite else { return "∞ m" }
        if value < 10, value != value.rounded() { return String(format: "%.1f m", value) }
        return "\(Int(min(value, 1e9).rounded())) m"
    }
}
