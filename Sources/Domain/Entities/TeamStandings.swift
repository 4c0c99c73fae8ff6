/// A team run's shared progress: the sum of everybody's distance toward the goal, and each runner's
/// share of it.
public struct TeamStandings: Sendable, Hashable {
    /// Metres covered by the whole group (every runner's distance, also a lost or cancelled one's:
    /// those metres were run).
    public var distance: Double
    /// Fraction of the goal the group covered, 0...1.
    public var progress: Double
    /// The sum of distances has reached the goal.
    public var reachedGoal: Bool
    /// Each runner's share of `distance`, in hundredths of a percent; they add up to exactly 10 000
    /// (see `TeamContributions` for the rounding rule).
    public var contributions: [RunnerID: Int]

    /// A team's progress.
    public init(distance: Double, progress: Double, reachedGoal: Bool, contributions: [RunnerID: Int]) {
        self.distance = distance
        self.progress = progress
        self.reachedGoal = reachedGoal
        self.contributions = contributions
    }

    /// One runner's contribution in percent (two decimals), 0 for a runner not in the team.
    public func percent(of id: RunnerID) -> Double {
        Double(contributions[id] ?? 0) / 100
    }

    /// Metres the group still has to cover.
    public func remaining(goal: RaceGoal) -> Double {
        max(0, goal.metres - distance)
    }
}
