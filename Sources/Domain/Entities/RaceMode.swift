/// How a run is decided.
public enum RaceMode: UInt8, Sendable, Hashable, Codable, CaseIterable {
    /// One runner toward a goal.
    case single = 0
    /// Two or more runners; the first to reach the goal wins.
    case race = 1
}

/// What every peer of one run must agree on; updates under other terms are not applied.
public struct RaceTerms: Sendable, Hashable, Codable {
    public var mode: RaceMode
    public var goal: RaceGoal

    public init(mode: RaceMode, goal: RaceGoal) {
        self.mode = mode
        self.goal = goal
    }
}
