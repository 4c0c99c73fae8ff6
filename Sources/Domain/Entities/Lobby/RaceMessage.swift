import Foundation

/// What a runner can be asked to do: shown to mates before a run so that a host invites only free ones.
public enum Availability: UInt8, Sendable, Hashable, CaseIterable {
    /// Waiting for an invitation (`run --join`) or inviting (`run --invite`).
    case free = 0
    /// Answering an invitation.
    case invited = 1
    /// In a run.
    case running = 2
    /// A spectator (`materunner watch`): never in a run, never invited.
    case watching = 3

    /// The name shown and advertised (`state` TXT key).
    public var name: String {
        switch self {
        case .free: "free"
        case .invited: "invited"
        case .running: "running"
        case .watching: "watching"
        }
    }
}

/// An invitation as it travels: the host, its terms, who is invited, and until when it may be answered.
public struct InvitationOffer: Sendable, Hashable {
    /// Chosen by the host; names the invitation in answers and outcomes.
    public var id: UInt32
    /// Who invites (and will run).
    public var host: Runner
    /// Mode and goal.
    public var terms: RaceTerms
    /// Every invitee, lowest id first (at most `maximumInvitees`).
    public var invitees: [RunnerID]
    /// When it was sent, on the race clock.
    public var sentAt: Date
    /// How long invitees have to answer, in seconds.
    public var timeout: TimeInterval
    /// The host's identity and the pairing code, when the invitation came with a pairing exchange
    /// (every invitation over UDP from this version on); nil for an invitation without one.
    public var security: InvitationSecurity?
    /// With a course (`terms.course`): its name, total length and point count, so a joiner without
    /// the file can show it and fetch it from the host.
    public var course: CourseListing?

    /// The most runners one invitation names (a race holds the host and 8 mates).
    public static let maximumInvitees = 8

    public init(
        id: UInt32, host: Runner, terms: RaceTerms, invitees: [RunnerID], sentAt: Date, timeout: TimeInterval,
        security: InvitationSecurity? = nil, course: CourseListing? = nil
    ) {
        self.security = security
        self.course = course
        self.id = id
        self.host = host
        self.terms = terms
        self.invitees = invitees
        self.sentAt = sentAt
        self.timeout = timeout
    }

    /// The instant it times out.
    public var expiresAt: Date { sentAt.addingTimeInterval(timeout) }
}

/// How an invitation ended, as the host tells its invitees.
public enum InvitationOutcome: Sendable, Hashable {
    /// The run starts at this race-clock instant, with these runners (host included, lowest id first).
    case start(at: Date, runners: [RunnerID])
    /// The host cancelled the invitation.
    case cancelled
    /// The timeout passed before this invitee answered, or nobody accepted.
    case timedOut
    /// This invitee's answer came too late (after the timeout or a cancel) and is refused.
    case refused
    /// Everyone answered and nobody accepted: there is no run.
    case declined
}

/// A message between peers besides progress: presence before a run, the invitation exchange, cheers.
public enum RaceMessage: Sendable, Hashable {
    /// Who a runner is and whether it can be invited. Sent now and then before a run.
    case presence(Runner, Availability)
    /// An invitation from its host.
    case invitation(InvitationOffer)
    /// An invitee's answer to the invitation `id` of `host`.
    case answer(invitation: UInt32, host: RunnerID, accepted: Bool)
    /// How the invitation `id` ended.
    case outcome(invitation: UInt32, InvitationOutcome)
    /// An emoji for `recipient`, or for every mate when it is nil.
    case cheer(recipient: RunnerID?, emoji: CheerEmoji, sentAt: Date)
    /// To a host: the invitee that sent it completed the pairing exchange of invitation `id` with this
    /// identity and code (made by the transport from the signed exchange; never sent as such).
    case pairingCode(invitation: UInt32, identity: MateIdentity, code: String)
}

/// A message and the runner that sent it.
public struct ReceivedRaceMessage: Sendable, Hashable {
    public var sender: RunnerID
    public var message: RaceMessage

    public init(sender: RunnerID, message: RaceMessage) {
        self.sender = sender
        self.message = message
    }
}
