/// One frame the host hands to every front-end: a view-model output, display-ready, encoded as a
/// single JSON object (schema in docs/frontend-frame.schema.json). Fields that do not apply to a
/// frame's `type` are absent.
public struct FrontEndFrame: Codable, Sendable, Equatable {
    /// The version of this frame schema; bumped on any incompatible change.
    public static let currentSchema = 1

    /// What a frame carries.
    public enum Kind: String, Codable, Sendable {
        /// The live state of the run: elapsed time and every runner.
        case status
        /// The final result, once, at the end of the run.
        case result
        /// A message for the person: waiting for mates, a warning, an error.
        case notice
    }

    public var schema: Int
    public var type: Kind
    /// When the frame was made, ISO-8601 UTC, on the race clock.
    public var time: String
    /// `waiting`, `running` or `complete` (status and result).
    public var stage: String?
    /// Our own elapsed time, `MM:SS` or `HH:MM:SS`.
    public var elapsed: String?
    public var elapsedSeconds: Double?
    public var mode: String?
    /// The goal, e.g. `5.00 km`.
    public var goal: String?
    public var goalMetres: Double?
    /// Best first.
    public var runners: [FrontEndRunner]?
    /// The name of the runner ranked first.
    public var leader: String?
    /// The first runner to reach the goal (result frames; null when nobody finished).
    public var winner: FrontEndRunner?
    /// `info`, `warning` or `error` (notice frames).
    public var level: String?
    public var message: String?

    public init(
        type: Kind, time: String, stage: String? = nil, elapsed: String? = nil, elapsedSeconds: Double? = nil,
        mode: String? = nil, goal: String? = nil, goalMetres: Double? = nil, runners: [FrontEndRunner]? = nil,
        leader: String? = nil, winner: FrontEndRunner? = nil, level: String? = nil, message: String? = nil
    ) {
        self.schema = Self.currentSchema
        self.type = type
        self.time = time
        self.stage = stage
        self.elapsed = elapsed
        self.elapsedSeconds = elapsedSeconds
        self.mode = mode
        self.goal = goal
        self.goalMetres = goalMetres
        self.runners = runners
        self.leader = leader
        self.winner = winner
        self.level = level
        self.message = message
    }

    enum CodingKeys: String, CodingKey {
        case schema, type, time, stage, elapsed, mode, goal, runners, leader, winner, level, message
        case elapsedSeconds = "elapsed_s"
        case goalMetres = "goal_m"
    }
}

/// One runner's line in a frame.
public struct FrontEndRunner: Codable, Sendable, Equatable {
    /// The runner id, 16 hex digits.
    public var id: String
    public var name: String
    /// This peer's own runner.
    public var me: Bool
    /// 1-based position in the standings.
    public var rank: Int
    /// `waiting`, `running`, `finished`, `cancelled` or `lost`.
    public var state: String
    /// Kilometres, truncated to 2 decimals, e.g. `0.42 km`.
    public var distance: String
    public var distanceMetres: Double
    /// Fraction of the goal, 0...1.
    public var progress: Double
    public var leader: Bool
    /// Running time (`MM:SS`/`HH:MM:SS`): the finish time once finished.
    public var time: String
    public var timeSeconds: Double
    /// The finish time, once finished.
    public var finishSeconds: Double?

    public init(
        id: String, name: String, me: Bool, rank: Int, state: String, distance: String, distanceMetres: Double,
        progress: Double, leader: Bool, time: String, timeSeconds: Double, finishSeconds: Double?
    ) {
        self.id = id
        self.name = name
        self.me = me
        self.rank = rank
        self.state = state
        self.distance = distance
        self.distanceMetres = distanceMetres
        self.progress = progress
        self.leader = leader
        self.time = time
        self.timeSeconds = timeSeconds
        self.finishSeconds = finishSeconds
    }

    enum CodingKeys: String, CodingKey {
        case id, name, me, rank, state, distance, progress, leader, time
        case distanceMetres = "distance_m"
        case timeSeconds = "time_s"
        case finishSeconds = "finish_s"
    }
}
