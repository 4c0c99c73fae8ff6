import Domain
import Foundation
import FrontEndKit

/// A joiner's side of the lobby screen, so that it always says where the joiner stands: waiting (and
/// for how long still), invited (with the seconds left, said again every second), answered, expired,
/// withdrawn, declined, refused, started without us, or starting. Every change of an invitation goes
/// out as a new `invitation` frame with its `state`; an answer to an invitation that can no longer
/// be answered is not sent, and the person is told why.
actor JoinerInvitations {
    typealias State = FrontEndInvitation.State

    private struct Entry {
        var offer: InvitationOffer
        var state: State
    }

    private let outputs: LobbyViewModel.Continuations
    private var entries: [UInt32: Entry] = [:]
    private var waiting: (me: Runner, until: Date)?
    private var started = false
    /// The wait line on the screens now, if any.
    private var shownWait: JoinerWaitLine?

    init(outputs: LobbyViewModel.Continuations) {
        self.outputs = outputs
    }

    // MARK: The exchange's events

    /// We wait for invitations until `until`.
    func waiting(_ me: Runner, until: Date, now: Date) {
        waiting = (me, until)
        outputs.say("\(me.name) is waiting for an invitation: \(Self.seconds(until.timeIntervalSince(now))) s left")
        refreshWait(now: now)
    }

    /// An invitation for us: open, with the seconds left.
    func received(_ offer: InvitationOffer, now: Date) {
        entries[offer.id] = Entry(offer: offer, state: .open)
        show(offer.id, now: now)
        refreshWait(now: now)
    }

    /// The host closed an invitation we were in.
    func closed(_ offer: InvitationOffer, _ outcome: InvitationOutcome, now: Date) {
        let state: State = switch outcome {
        case .start: .missed
        case .cancelled: .withdrawn
        case .timedOut: .expired
        case .refused: .refused
        case .declined: .declined
        }
        let before = entries[offer.id]?.state
        guard before != state, before != .starting else { return }
        if entries[offer.id] == nil { entries[offer.id] = Entry(offer: offer, state: state) }
        entries[offer.id]?.state = state
        show(offer.id, now: now)
        // Our own decline was said when we gave it.
        if !(state == .declined && before == .declined) {
            let host = offer.host.name
            let message = switch outcome {
            case .start: "the run from \(host)'s invitation started without you"
            case .cancelled: "\(host) withdrew the invitation"
            case .timedOut: "the invitation from \(host) expired: it was not answered in time"
            case .refused: "the invitation from \(host) was refused: your answer came too late"
            case .declined: "the invitation from \(host) was declined"
            }
            outputs.say(message, outcome == .declined ? .info : .warning)
        }
        sayStillWaiting(now: now)
        refreshWait(now: now)
    }

    /// The run we accepted starts.
    func starting(_ start: RaceStart, now: Date) {
        started = true
        refreshWait(now: now)
        guard entries[start.invitation] != nil else { return }
        entries[start.invitation]?.state = .starting
        show(start.invitation, now: now)
    }

    // MARK: The person's answers

    /// Answers invitation `id` through `lobby` if it is still open; otherwise says why nothing was sent.
    /// The answer stands from the moment it is given (the lobby may close a declined invitation before
    /// it returns); a refusal takes it back.
    func answer(_ id: UInt32, accept: Bool, lobby: any LobbyUseCase, now: @Sendable () -> Date) async {
        defer { refreshWait(now: now()) }
        let verb = accept ? "accept" : "decline"
        if let entry = entries[id], entry.state != .open {
            outputs.say("nothing to \(verb): the invitation from \(entry.offer.host.name) \(Self.describe(entry.state))", .warning)
            return
        }
        let known = entries[id] != nil
        if known { entries[id]?.state = accept ? .accepted : .declined }
        do {
            try await lobby.answer(id, accept: accept)
        } catch {
            if known, entries[id]?.state == (accept ? .accepted : .declined) {
                entries[id]?.state = switch error as? InvitationError {
                case .timedOut?: .expired
                case .cancelled?: .withdrawn
                default: .open
                }
                if entries[id]?.state != .open { show(id, now: now()) }
            }
            outputs.say("answer to invitation \(id) refused: \(error)", .warning)
            return
        }
        // Unless the invitation ended meanwhile (then that was said).
        guard let entry = entries[id], entry.state == (accept ? .accepted : .declined) else { return }
        show(id, now: now())
        let host = entry.offer.host.name
        outputs.say(accept ? "you accepted \(host)'s invitation: waiting for \(host) to start the run" : "you declined \(host)'s invitation")
        if !accept { sayStillWaiting(now: now()) }
    }

    // MARK: The time left

    /// The next instant the screen changes by itself: the next second of an open invitation's time
    /// left, or its expiry; nil when no invitation is open.
    /// The wait line's next second, or its end, while the joiner waits with no invitation open.
    func nextChange(after now: Date) -> Date? {
        let invitations = entries.values.filter { $0.state == .open }
            .map { min($0.offer.expiresAt, now.addingTimeInterval(1)) }
        return (invitations + [nextWaitChange(after: now)].compactMap { $0 }).min()
    }

    /// Says the time left of every open invitation again; one past its expiry expires.
    func tick(now: Date) {
        var expired = false
        for id in entries.keys.sorted() where entries[id]?.state == .open {
            guard let offer = entries[id]?.offer else { continue }
            if now >= offer.expiresAt {
                entries[id]?.state = .expired
                expired = true
                outputs.say("the invitation from \(offer.host.name) expired: it was not answered in time", .warning)
            }
            show(id, now: now)
        }
        if expired { sayStillWaiting(now: now) }
        refreshWait(now: now)
    }

    // MARK: The wait line

    /// How long the joiner still waits at `now`, while the wait line is up: no run starting, no
    /// invitation open or accepted, time left.
    private func waitLeft(at now: Date) -> TimeInterval? {
        let invited = entries.values.contains { $0.state == .open || $0.state == .accepted }
        guard let waiting, !started, !invited else { return nil }
        let left = waiting.until.timeIntervalSince(now)
        return left > 0 ? left : nil
    }

    /// The instant the wait line's seconds next go down (the wait's end for the last one).
    private func nextWaitChange(after now: Date) -> Date? {
        guard let waiting, let left = waitLeft(at: now) else { return nil }
        return waiting.until.addingTimeInterval(-Double(Self.seconds(left) - 1))
    }

    /// Shows the wait line as it stands at `now` when it changed: the seconds left, or its end.
    private func refreshWait(now: Date) {
        var line: JoinerWaitLine?
        if let waiting, let left = waitLeft(at: now) {
            let which = entries.isEmpty ? "an invitation" : "another invitation"
            let seconds = Self.seconds(left)
            line = JoinerWaitLine(
                message: "\(waiting.me.name) is waiting for \(which): \(seconds) s left",
                waiting: FrontEndWaiting(secondsLeft: seconds, until: DisplayFormat.timestamp(waiting.until))
            )
        }
        guard line != shownWait else { return }
        shownWait = line
        outputs.waiting.yield(line)
    }

    // MARK: Showing

    private func show(_ id: UInt32, now: Date) {
        guard let entry = entries[id] else { return }
        outputs.invitation.yield(LobbyViewModel.invitation(entry.offer, now: now, state: entry.state))
    }

    /// After an invitation ended: whether we still wait, and how long.
    private func sayStillWaiting(now: Date) {
        guard !started, !entries.values.contains(where: { $0.state == .open || $0.state == .accepted }) else { return }
        guard let waiting else { return }
        let left = waiting.until.timeIntervalSince(now)
        if left > 0 {
            outputs.say("\(waiting.me.name) is waiting for another invitation: \(Self.seconds(left)) s left")
        }
    }

    /// How a closed invitation stands, after "the invitation from alice".
    static func describe(_ state: State) -> String {
        switch state {
        case .open: "is open"
        case .accepted: "was already accepted"
        case .declined: "was declined"
        case .expired: "expired"
        case .withdrawn: "was withdrawn"
        case .refused: "was refused"
        case .missed: "started without you"
        case .starting: "is starting"
        }
    }

    /// Whole seconds, rounded up (a wait of 0.2 s still has a second to go).
    static func seconds(_ interval: TimeInterval) -> Int {
        max(0, Int(interval.rounded(.up)))
    }
}
