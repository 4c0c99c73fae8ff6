import Foundation

/// How the lobby (the invitation exchange before a run) is timed. Durations are race-clock seconds.
public struct LobbySettings: Sendable {
    /// Our runner.
    public var me: Runner
    /// Presence, invitations, answers and outcomes are repeated this often until they are answered, so
    /// that loss repairs itself.
    public var repeatEvery: TimeInterval
    /// From the start outcome to the start: the 3-2-1.
    public var countdown: TimeInterval
    /// The host: how long to look for the invitees by name.
    public var lookupTimeout: TimeInterval
    /// A joiner: how long to wait for an invitation.
    public var joinTimeout: TimeInterval
    /// The host keeps answering late or repeated answers this long after the start.
    public var startGrace: TimeInterval

    public init(
        me: Runner, repeatEvery: TimeInterval = 0.5, countdown: TimeInterval = 3, lookupTimeout: TimeInterval = 10,
        joinTimeout: TimeInterval = 60, startGrace: TimeInterval = 5
    ) {
        self.me = me
        self.repeatEvery = repeatEvery
        self.countdown = countdown
        self.lookupTimeout = lookupTimeout
        self.joinTimeout = joinTimeout
        self.startGrace = startGrace
    }
}

/// The run the lobby agreed on: who runs, under which terms, from which instant (our race clock).
public struct RaceStart: Sendable, Hashable {
    public var invitation: UInt32
    public var host: Runner
    public var terms: RaceTerms
    /// Every runner, host included, lowest id first.
    public var runners: [RunnerID]
    public var startsAt: Date
    /// The course's listing when the host runs one (`terms.course`), as its invitation said.
    public var course: CourseListing?

    public init(
        invitation: UInt32, host: Runner, terms: RaceTerms, runners: [RunnerID], startsAt: Date, course: CourseListing? = nil
    ) {
        self.course = course
        self.invitation = invitation
        self.host = host
        self.terms = terms
        self.runners = runners
        self.startsAt = startsAt
    }
}

/// What happens in the lobby, for the front-ends.
public enum LobbyEvent: Sendable, Hashable {
    /// The host: these invitees were found and invited.
    case invited(InvitationOffer, [Runner])
    /// The host: an invitee answered in time.
    case answered(Runner, accepted: Bool)
    /// The host: an answer came after the timeout (or a cancel) and was refused.
    case refusedLateAnswer(Runner)
    /// The host: an invitee completed the pairing exchange with the identity paired under its name: it is
    /// admitted on its answer, nothing to compare (its screen says "paired" too when it paired the host).
    case pairedInvitee(Runner)
    /// The host: an unpaired invitee of `offer` completed the pairing exchange; it is admitted only once
    /// the host's person confirms that `code` is the one on the invitee's screen (`HostLobby.confirmCode`).
    /// One code at a time: the next comes once this one is answered.
    case confirmCode(InvitationOffer, Runner, code: String)
    /// The host: its person said whether the invitee's code matched; a mismatch is not admitted.
    case codeConfirmed(InvitationOffer, Runner, matches: Bool)
    /// The host: someone answered under the name of a paired mate with another device's identity; it was
    /// refused (told it was declined). The mate's own device answering later is still admitted.
    case impostor(Runner)
    /// A joiner: `--accept-from` names this invitation's host, but its identity is not paired with this
    /// device, so it was not accepted by itself.
    case notPaired(InvitationOffer)
    /// A joiner: we wait for an invitation until this instant (the first event of a joiner).
    case waiting(Runner, until: Date)
    /// A joiner: an invitation for us arrived; answer it with `answer(_:accept:)`.
    case invitation(InvitationOffer)
    /// A joiner: an invitation we were in ended without a run for us.
    case closed(InvitationOffer, InvitationOutcome)
    /// Both: the run starts at `RaceStart.startsAt` (the countdown runs until then). The last event
    /// of a joiner; the host goes on answering until `startGrace` after the start.
    case starting(RaceStart)
}

/// Why the lobby ended without a run.
public enum LobbyError: Error, Equatable, CustomStringConvertible {
    /// The host found no free runner by this name.
    case notFound(String, seen: [String], waited: TimeInterval)
    /// More than one runner has this name.
    case ambiguous(String, count: Int)
    /// The named runner is running or answering another invitation.
    case busy(String, Availability)
    /// Every invitee declined.
    case declined([String])
    /// The host refused every invitee: an identity other than the one paired under its name, or a code
    /// its person said did not match.
    case notAdmitted([String])
    /// Nobody accepted before the timeout.
    case noAnswer([String], timeout: TimeInterval)
    /// A joiner: no invitation was accepted before the wait ended.
    case noInvitation(waited: TimeInterval)
    /// The invitation rules refused it (see `InvitationError`).
    case invitation(InvitationError)
    /// The host cancelled its invitation.
    case cancelled

    public var description: String {
        switch self {
        case let .notFound(name, seen, waited):
            let others = seen.isEmpty ? "nobody" : seen.joined(separator: ", ")
            return "no mate called \(name) was found in \(Int(waited.rounded())) s (seen: \(others)): start `materunner run --join` on \(name)'s machine, or pass --peer HOST:PORT"
        case let .ambiguous(name, count):
            return "\(count) runners are called \(name): ask them to pick different --name values"
        case let .busy(name, availability):
            return "\(name) is busy (\(availability.name)): wait until that run ends, or invite someone else"
        case .declined(let names):
            return "\(names.joined(separator: ", ")) declined: there is no run"
        case .notAdmitted(let names):
            return "\(names.joined(separator: ", ")) not admitted (another device under a paired name, or a code that did not match): there is no run"
        case let .noAnswer(names, timeout):
            return "\(names.joined(separator: ", ")) did not answer within \(Int(timeout.rounded())) s: there is no run (raise --invite-timeout?)"
        case .noInvitation(let waited):
            return "no invitation was accepted in \(Int(waited.rounded())) s: ask the host to invite you (materunner run --invite NAME), or raise --wait"
        case .invitation(let error):
            return "\(error)"
        case .cancelled:
            return "the invitation was cancelled: the invitees were told, nobody runs"
        }
    }
}
