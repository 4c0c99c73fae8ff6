/// The live board of a run, ready to show: every runner, best first.
public struct RaceBoard: Sendable, Equatable {
    /// `waiting`, `running` or `complete`.
    public var stage: String
    /// A line for the person while waiting, e.g. `waiting for mates: 0 of 1`.
    public var headline: String
    public var mode: String
    /// e.g. `5.00 km`.
    public var goal: String
    public var goalMetres: Double
    public var rows: [RunnerRow]
    /// The name of the runner ranked first.
    public var leader: String?

    public init(
        stage: String, headline: String, mode: String, goal: String, goalMetres: Double, rows: [RunnerRow], leader: String?
    ) {
        self.stage = stage
        self.headline = headline
        self.mode = mode
        self.goal = goal
        self.goalMetres = goalMetres
        self.rows = rows
        self.leader = leader
    }
}

/// One runner's line on the board.
public struct RunnerRow: Sendable, Equatable {
    public var id: String
    public var name: String
    public var isMe: Bool
    public var rank: Int
    /// `waiting`, `running`, `finished` or `lost`.
    public var state: String
    /// e.g. `0.42 km`.
    public var distance: String
    public var distanceMetres: Double
    /// 0...1.
    public var progress: Double
    public var isLeader: Bool
    /// The runner's time: elapsed while running, the finish time once finished.
    public var time: String
    public var timeSeconds: Double
    public var finishSeconds: Double?
    /// Overall pace, e.g. `5:20 /km` (the Domain's `Pace.overall`); nil until 10 m are covered.
    public var pace: String?
    /// Average speed in m/s, behind `pace`.
    public var speedMetresPerSecond: Double?
    /// Energy burnt, e.g. `23 kcal`: our own runner's only (mates' are not on the wire yet).
    public var calories: String?
    /// The same in kilocalories.
    public var caloriesKcal: Double?

    public init(
        id: String, name: String, isMe: Bool, rank: Int, state: String, distance: String, distanceMetres: Double,
        progress: Double, isLeader: Bool, time: String, timeSeconds: Double, finishSeconds: Double?,
        pace: String? = nil, speedMetresPerSecond: Double? = nil, calories: String? = nil, caloriesKcal: Double? = nil
    ) {
        self.id = id
        self.name = name
        self.isMe = isMe
        self.rank = rank
        self.state = state
        self.distance = distance
        self.distanceMetres = distanceMetres
        self.progress = progress
        self.isLeader = isLeader
        self.time = time
        self.timeSeconds = timeSeconds
        self.finishSeconds = finishSeconds
        self.pace = pace
        self.speedMetresPerSecond = speedMetresPerSecond
        self.calories = calories
        self.caloriesKcal = caloriesKcal
    }
}

/// The end of a run, ready to show.
public struct RaceResultDisplay: Sendable, Equatable {
    public var board: RaceBoard
    /// The first runner to reach the goal, if anybody did.
    public var winner: RunnerRow?
    /// One sentence, e.g. `alice wins in 05:21`.
    public var summary: String

    public init(board: RaceBoard, winner: RunnerRow?, summary: String) {
        self.board = board
        self.winner = winner
        self.summary = summary
    }
}
