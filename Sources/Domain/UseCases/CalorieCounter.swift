import Foundation

/// Counts the calories (kcal) a runner burns: per second 1.08 × METs × weight kg / 3600, with METs
/// from the activity at the current speed (`Activity`).
public struct CalorieCounter: Sendable, Hashable {
    /// The factor of the product's formula.
    public static let factor = 1.08

    /// Whose weight counts.
    public let profile: RunnerProfile
    /// Kilocalories so far.
    public private(set) var kilocalories: Double = 0

    /// A counter for this runner, from 0 kcal.
    public init(profile: RunnerProfile = .standard) {
        self.profile = profile
    }

    /// Kilocalories per second for this weight and activity.
    public static func perSecond(_ activity: Activity, weight: Double) -> Double {
        factor * activity.mets * weight / 3600
    }

    /// Adds `seconds` spent at `speed` m/s. Negative, zero or non-finite durations add nothing.
    public mutating func add(seconds: TimeInterval, atSpeed speed: Double) {
        guard seconds.isFinite, seconds > 0 else { return }
        kilocalories += Self.perSecond(Activity(speed: speed), weight: profile.weight) * seconds
    }

    /// Adds the time and distance between two fixes: the speed is `metres / seconds`.
    public mutating func add(metres: Double, over seconds: TimeInterval) {
        guard seconds.isFinite, seconds > 0, metres.isFinite, metres >= 0 else { return }
        add(seconds: seconds, atSpeed: metres / seconds)
    }
}
