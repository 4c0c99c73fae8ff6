import Foundation

/// What a run looks like at one moment, from one peer.
public struct RaceSnapshot: Sendable, Hashable {
    /// The stage of the run.
    public enum Stage: Sendable, Hashable {
        /// Waiting for mates: how many have been heard of how many are expected.
        case waitingForMates(heard: Int, expected: Int)
        /// Running (our runner may have finished already).
        case running
        /// Every counted runner has finished: `standings` is the result.
        case complete
    }

    /// Our runner.
    public var me: RunnerID
    /// Where the run is.
    public var stage: Stage
    /// When our runner started, on the race clock; nil while waiting.
    public var startedAt: Date?
    /// Everybody's standings, from our replica.
    public var standings: RaceStandings
    /// Updates refused because they came from a run under other terms (goal or mode), by runner name.
    public var otherTermsRunners: [String]
    /// How those runners' terms differ from ours ("bob races 2.00 km, you 1.00 km"), by name.
    public var mismatches: [TermsMismatch]
    /// On a course with laps: each runner's completed laps, by id (`Splits.LapTimer`).
    public var laps: [RunnerID: [Splits.Split]]
    /// Our own runner's calories, pace and filter counts (not replicated: mates' are not known).
    public var effort: RunnerEffort
    /// In a course race: our own runner on the course (the matcher's view; mates' progress is in `standings`).
    public var course: CourseStatus?
    /// In a course race: every runner's place on the course, by id.
    public var places: [RunnerID: CoursePlace]

    /// A snapshot of the run.
    public init(
        me: RunnerID, stage: Stage, startedAt: Date?, standings: RaceStandings, otherTermsRunners: [String] = [],
        mismatches: [TermsMismatch] = [], laps: [RunnerID: [Splits.Split]] = [:], effort: RunnerEffort = RunnerEffort(),
        course: CourseStatus? = nil, places: [RunnerID: CoursePlace] = [:]
    ) {
        self.me = me
        self.stage = stage
        self.startedAt = startedAt
        self.standings = standings
        self.otherTermsRunners = otherTermsRunners
        self.mismatches = mismatches
        self.laps = laps
        self.effort = effort
        self.course = course
        self.places = places
    }

    /// Our own line in the standings.
    public var mine: Standing? { standings.standing(of: me) }
}
