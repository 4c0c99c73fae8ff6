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
    /// Race-clock seconds per real second (`--speedup`), in thousandths: runners at different speed-ups
    /// would show different times for the same race, so they are not one run.
    public var speedup: Double {
        didSet { speedup = Self.quantized(speedup) }
    }

    /// Terms of a run.
    public init(mode: RaceMode, goal: RaceGoal, course: CourseTerms? = nil, speedup: Double = 1) {
        self.mode = mode
        self.goal = goal
        self.course = course
        self.speedup = Self.quantized(speedup)
    }

    /// `speedup` to thousandths, as the wire carries it (1 for anything not finite or below 1).
    public static func quantized(_ speedup: Double) -> Double {
        guard speedup.isFinite, speedup > 1 else { return 1 }
        return (speedup * 1000).rounded() / 1000
    }

    private enum CodingKeys: String, CodingKey { case mode, goal, course, speedup }

    /// Terms kept before the speed-up was part of them read as 1×.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(
            mode: try container.decode(RaceMode.self, forKey: .mode),
            goal: try container.decode(RaceGoal.self, forKey: .goal),
            course: try container.decodeIfPresent(CourseTerms.self, forKey: .course),
            speedup: try container.decodeIfPresent(Double.self, forKey: .speedup) ?? 1
        )
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(mode, forKey: .mode)
        try container.encode(goal, forKey: .goal)
        try container.encodeIfPresent(course, forKey: .course)
        if speedup != 1 { try container.encode(speedup, forKey: .speedup) }
    }
}
