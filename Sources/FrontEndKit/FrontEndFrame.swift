/// One frame the host hands to every front-end: a view-model output, display-ready, encoded as a
/// single JSON object (schema in docs/frame.schema.json). Fields that do not apply to a frame's
/// `type` are absent. New optional fields and frame types are added without changing `schema`;
/// front-ends ignore what they do not know.
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
        /// A mate invites this runner to a run: `invitation` says who, what and until when.
        case invitation
        /// The synchronized start: `countdown` says how many seconds are left.
        case countdown
        /// A mate sent a cheer: `cheer` says who, to whom and which emoji.
        case cheer
        /// The world clock: `clock` holds the race clock and the time in each zone.
        case clock
        /// The course of a course race, once at the start: `course` holds its name, length and points.
        case course
        /// A joiner waits for an invitation: `waiting` says how long still and `message` says it in
        /// words, once a second, each replacing the last; without `waiting`, the line goes.
        case waiting
    }

    /// The schema version the frame was made with (`currentSchema`).
    public var schema: Int
    /// What the frame carries.
    public var type: Kind
    /// When the frame was made, ISO-8601 UTC, on the race clock.
    public var time: String
    /// `waiting`, `running` or `complete` (status and result).
    public var stage: String?
    /// Our own elapsed time, `MM:SS` or `HH:MM:SS`.
    public var elapsed: String?
    /// The same in seconds.
    public var elapsedSeconds: Double?
    /// `single` or `race`.
    public var mode: String?
    /// The goal, e.g. `5.00 km`.
    public var goal: String?
    /// The goal in metres.
    public var goalMetres: Double?
    /// Best first.
    public var runners: [FrontEndRunner]?
    /// The name of the runner ranked first.
    public var leader: String?
    /// The first runner to reach the goal (result frames; null when nobody finished).
    public var winner: FrontEndRunner?
    /// `info`, `warning` or `error` (notice frames).
    public var level: String?
    /// A sentence for the person: the headline, the result, or the notice.
    public var message: String?
    /// The invitation (invitation frames).
    public var invitation: FrontEndInvitation?
    /// The countdown (countdown frames).
    public var countdown: FrontEndCountdown?
    /// The cheer (cheer frames).
    public var cheer: FrontEndCheer?
    /// The world clock (clock frames).
    public var clock: FrontEndClock?
    /// The runner's position source (status frames of a run).
    public var position: FrontEndPosition?
    /// The course (course frames).
    public var course: FrontEndCourse?
    /// The input events the screen takes now (status frames): `stop`, `cancel`, `cheer`. A front-end
    /// offers only these: a spectator's screen takes `stop` alone.
    public var inputs: [String]?
    /// The joiner's wait for an invitation (waiting frames; absent when the wait line ends).
    public var waiting: FrontEndWaiting?

    /// A frame of `type` made at `time`; the other fields are the ones that apply to that type.
    public init(
        type: Kind, time: String, stage: String? = nil, elapsed: String? = nil, elapsedSeconds: Double? = nil,
        mode: String? = nil, goal: String? = nil, goalMetres: Double? = nil, runners: [FrontEndRunner]? = nil,
        leader: String? = nil, winner: FrontEndRunner? = nil, level: String? = nil, message: String? = nil,
        invitation: FrontEndInvitation? = nil, countdown: FrontEndCountdown? = nil, cheer: FrontEndCheer? = nil,
        clock: FrontEndClock? = nil, position: FrontEndPosition? = nil, course: FrontEndCourse? = nil, inputs: [String]? = nil,
        waiting: FrontEndWaiting? = nil
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
        self.invitation = invitation
        self.countdown = countdown
        self.cheer = cheer
        self.clock = clock
        self.position = position
        self.course = course
        self.inputs = inputs
        self.waiting = waiting
    }

    enum CodingKeys: String, CodingKey {
        case schema, type, time, stage, elapsed, mode, goal, runners, leader, winner, level, message
        case invitation, countdown, cheer, clock, position, course, inputs, waiting
        case elapsedSeconds = "elapsed_s"
        case goalMetres = "goal_m"
    }
}
