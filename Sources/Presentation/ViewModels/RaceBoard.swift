import FrontEndKit

/// The live board of a run, ready to show: every runner, best first. A runner's line is the
/// front-end payload itself (`FrontEndRunner`): one type from the snapshot to the frame.
public struct RaceBoard: Sendable, Equatable {
    /// `waiting`, `running` or `complete`.
    public var stage: String
    /// A line for the person, e.g. `waiting for mates: 0 of 1` or `running to 5.00 km`.
    public var headline: String
    /// `single`, `race` or `team`.
    public var mode: String
    /// e.g. `5.00 km`.
    public var goal: String
    /// The goal in metres.
    public var goalMetres: Double
    /// Every runner's line, best first.
    public var runners: [FrontEndRunner]
    /// The name of the runner ranked first.
    public var leader: String?

    /// A board of `runners` at `stage`.
    public init(
        stage: String, headline: String, mode: String, goal: String, goalMetres: Double, runners: [FrontEndRunner],
        leader: String?
    ) {
        self.stage = stage
        self.headline = headline
        self.mode = mode
        self.goal = goal
        self.goalMetres = goalMetres
        self.runners = runners
        self.leader = leader
    }

    /// Our own runner's line, if we run.
    public var mine: FrontEndRunner? {
        runners.first(where: \.me)
    }
}
