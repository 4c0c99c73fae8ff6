import Foundation

/// An invitation to a race or team run: the host, the terms, who is invited, and what each invitee
/// answered. A pure state machine on the race clock: nothing here sends or waits.
///
/// Rules: the host cannot invite itself nor a busy runner (one already running); single runs need no
/// invitation. Each invitee may accept or decline once, before the timeout (10 s by default, counted
/// from `sentAt`; at exactly `expiresAt` it has timed out) and before the host cancels. A timed-out or
/// cancelled invitation cannot be accepted.
public struct Invitation: Sendable, Hashable {
    /// 10 s, how long invitees have to answer unless said otherwise.
    public static let standardTimeout: TimeInterval = 10

    /// Who invites (and will run too).
    public let host: Runner
    /// The run's mode and goal.
    public let terms: RaceTerms
    /// Who is invited, by id, lowest first.
    public let invitees: [Runner]
    /// When it was sent, on the race clock.
    public let sentAt: Date
    /// How long invitees have to answer, in seconds.
    public let timeout: TimeInterval
    /// What each invitee answered so far (true: accepted).
    public private(set) var answers: [RunnerID: Bool] = [:]
    /// When the host cancelled it, if it did.
    public private(set) var cancelledAt: Date?

    /// A new invitation; `busy` are the runners known to be running already.
    public init(
        host: Runner, terms: RaceTerms, invitees: [Runner], busy: Set<RunnerID> = [],
        at sentAt: Date, timeout: TimeInterval = Invitation.standardTimeout
    ) throws(InvitationError) {
        guard terms.mode != .single else { throw .singleRunNeedsNoInvitation }
        guard timeout.isFinite, timeout > 0 else { throw .invalidTimeout(timeout) }
        var unique: [RunnerID: Runner] = [:]
        for invitee in invitees { unique[invitee.id] = invitee }
        guard !unique.isEmpty else { throw .noInvitees }
        guard unique[host.id] == nil else { throw .hostInvited }
        if let taken = unique.values.sorted(by: { $0.id < $1.id }).first(where: { busy.contains($0.id) }) {
            throw .busy(taken.name)
        }
        self.host = host
        self.terms = terms
        self.invitees = unique.values.sorted { $0.id < $1.id }
        self.sentAt = sentAt
        self.timeout = timeout
    }

    /// The instant it times out.
    public var expiresAt: Date { sentAt.addingTimeInterval(timeout) }

    /// Where the invitation stands at `now`.
    public func status(at now: Date) -> InvitationStatus {
        if cancelledAt != nil { return .cancelled }
        let accepted = invitees.filter { answers[$0.id] == true }.map(\.id)
        let everyoneAnswered = answers.count == invitees.count
        guard everyoneAnswered || now >= expiresAt else { return .open }
        if !accepted.isEmpty { return .accepted(by: accepted) }
        return everyoneAnswered ? .declined : .timedOut
    }

    /// Where one invitee stands at `now`.
    public func status(of invitee: RunnerID, at now: Date) -> InviteeStatus {
        guard invitees.contains(where: { $0.id == invitee }) else { return .notInvited }
        if let answer = answers[invitee] { return answer ? .accepted : .declined }
        if cancelledAt != nil { return .cancelled }
        return now >= expiresAt ? .timedOut : .pending
    }

    /// The invitee accepts at `now`.
    public mutating func accept(by invitee: RunnerID, at now: Date) throws(InvitationError) {
        try answer(by: invitee, accepting: true, at: now)
    }

    /// The invitee declines at `now`.
    public mutating func decline(by invitee: RunnerID, at now: Date) throws(InvitationError) {
        try answer(by: invitee, accepting: false, at: now)
    }

    /// The host cancels at `now`; only the host may, and only while the invitation is open.
    public mutating func cancel(by runner: RunnerID, at now: Date) throws(InvitationError) {
        guard runner == host.id else { throw .onlyHostCancels }
        switch status(at: now) {
        case .open: cancelledAt = now
        case .cancelled: throw .cancelled
        case .timedOut: throw .timedOut
        case .accepted, .declined: throw .alreadyClosed
        }
    }

    private mutating func answer(by invitee: RunnerID, accepting: Bool, at now: Date) throws(InvitationError) {
        switch status(of: invitee, at: now) {
        case .notInvited: throw .notInvited
        case .accepted, .declined: throw .alreadyAnswered
        case .cancelled: throw .cancelled
        case .timedOut: throw .timedOut
        case .pending: answers[invitee] = accepting
        }
    }
}
