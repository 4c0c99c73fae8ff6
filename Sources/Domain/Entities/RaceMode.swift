/// How a run is decided. The raw value is the `mode` byte on the wire (docs/PROTOCOL.md).
public enum RaceMode: UInt8, Sendable, Hashable, Codable, CaseIterable {
    /// One runner toward a goal.
    case single = 0
    /// Two or more runners; the first to reach the goal wins, the others are ranked by finish time,
    /// then by distance.
    case race = 1
    /// Two or more runners as one group: the group reaches the goal when the sum of everybody's
    /// distance does; each runner's share of that sum is its contribution.
    case team = 2
}

/// What every peer of one run must agree on; updates under other terms are not applied.
public struct RaceTerms: Sendable, Hashable, Codable {
    /// Single, race or team.
    public var mode: RaceMode
    /// The distance aimed at (by each runner in a race, by the sum of all in a team).
    public var goal: RaceGoal
    /// The course every runner is measured along, if the run has one (`--course`): progress is then
    /// the distance along it, not each receiver's GPS distance.
    public var course: CourseTerms?

    /// Terms of a run.
    public init(mode: RaceMode, goal: RaceGoal, course: CourseTerms? = nil) {
        self.mode = mode
        self.goal = goal
        self.course = course
    }
}
