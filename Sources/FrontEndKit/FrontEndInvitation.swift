/// An invitation to a run, as an `invitation` frame carries it. The front-end answers with an
/// `accept` or `decline` input event naming `id`, while `state` is `open`. A new frame for the same
/// `id` replaces the last one: every second while it is open (with the time left), and at each change
/// of its state.
public struct FrontEndInvitation: Codable, Sendable, Equatable {
    /// Identifies the invitation in the answer.
    public var id: String
    /// The name of the inviting runner (the host of the run).
    public var from: String
    /// `single` or `race` (later `team`).
    public var mode: String
    /// The goal, e.g. `5.00 km`.
    public var goal: String
    /// The goal in metres.
    public var goalMetres: Double
    /// Until when it may be accepted, ISO-8601 UTC on the race clock.
    public var expires: String
    /// Seconds left to answer, when the frame was made.
    public var secondsLeft: Double
    /// The 6-digit pairing code of an invitation from a host not paired yet: accept only if the host's
    /// screen shows the same code (absent for an open invitation and for a paired host).
    public var code: String?
    /// True when the host's identity is already paired with this device: nothing to compare.
    public var paired: Bool?
    /// Where the invitation stands: `open` (answer it), `accepted` (waiting for the host's start),
    /// `declined`, `expired` (not answered in time), `withdrawn` (the host took it back), `refused`
    /// (our answer came too late), `missed` (the run started without us) or `starting` (the countdown
    /// runs). Absent means `open`. Only an `open` invitation can be answered.
    public var state: String?
    /// On the host's screen: the invitee (not paired yet) whose `code` the host's person confirms, `accept`
    /// if the invitee's screen shows the same code, `decline` if not. Absent on an invitee's screen.
    public var invitee: String?

    /// The states an invitation can be in.
    public enum State: String, Sendable, CaseIterable {
        case open, accepted, declined, expired, withdrawn, refused, missed, starting
    }

    /// Whether it can still be answered.
    public var isOpen: Bool {
        state == nil || state == State.open.rawValue
    }

    /// An invitation from `from` to run `mode` to `goal`, open until `expires`.
    public init(
        id: String, from: String, mode: String, goal: String, goalMetres: Double, expires: String, secondsLeft: Double,
        code: String? = nil, paired: Bool? = nil, state: State? = nil, invitee: String? = nil
    ) {
        self.invitee = invitee
        self.id = id
        self.from = from
        self.mode = mode
        self.goal = goal
        self.goalMetres = goalMetres
        self.expires = expires
        self.secondsLeft = secondsLeft
        self.code = code
        self.paired = paired
        self.state = state?.rawValue
    }

    enum CodingKeys: String, CodingKey {
        case id, from, mode, goal, expires, code, paired, state, invitee
        case goalMetres = "goal_m"
        case secondsLeft = "seconds_left"
    }
}
