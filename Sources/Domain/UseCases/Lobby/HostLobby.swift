import Foundation

/// The host's side of the lobby: finds the invitees by name among the runners present, invites them,
/// collects the answers until everyone answered or the timeout, then announces the start (with the
/// countdown) to those who accepted, or ends without a run. Late answers are refused.
public actor HostLobby {
    private let settings: LobbySettings
    private let messaging: any RaceMessagingRepository
    private let clock: any RaceClock
    private var present: [RunnerID: (runner: Runner, availability: Availability)] = [:]
    private var invitation: Invitation?
    private var offer: InvitationOffer?
    private var start: RaceStart?
    private var cancelled = false
    /// Invitees whose pairing code was shown.
    private var coded: Set<RunnerID> = []
    /// Unpaired invitees (with the identity each answered with and its code) whose code the host's person
    /// has still to confirm, in the order they came: only the first is shown to confirm, so an answer
    /// always goes to the code on the screen.
    private var unconfirmed: [(runner: Runner, identity: MateIdentity, code: String)] = []
    /// Invitees checked: paired under their name with the identity they answered with, or their code
    /// confirmed by the host's person. With known mates (identities in use) only they are admitted.
    private var checked: Set<RunnerID> = []
    /// Invitees that accepted before they were checked: admitted once they are.
    private var heldAccepts: Set<RunnerID> = []
    /// Invitees refused: an impostor under a paired name, or a code the person said did not match.
    private var refused: Set<RunnerID> = []
    /// The mates paired with this device: an invitee answering under a paired name is admitted only as
    /// that identity (and shown "paired"); nil: no identities, every invitee's code is shown.
    private let knownMates: (any KnownMatesRepository)?
    private var emit: AsyncThrowingStream<LobbyEvent, any Error>.Continuation?

    public init(
        settings: LobbySettings, messaging: any RaceMessagingRepository, clock: any RaceClock,
        knownMates: (any KnownMatesRepository)? = nil
    ) {
        self.knownMates = knownMates
        self.settings = settings
        self.messaging = messaging
        self.clock = clock
    }

    private var me: Runner { settings.me }

    /// Invites the runners called `names` to a run under `terms`, open for `timeout` seconds. The stream
    /// ends `startGrace` after the start, or throws a `LobbyError`.
    /// With a course (`terms.course`), `course` lists it for the invitees (name, total length, points).
    public nonisolated func invite(
        _ names: [String], terms: RaceTerms, timeout: TimeInterval, course: CourseListing? = nil
    ) -> AsyncThrowingStream<LobbyEvent, any Error> {
        LobbyStream.make(
            messaging: messaging, attach: { await self.attach($0) }, handle: { await self.handle($0) },
            exchange: { try await self.run(names, terms: terms, timeout: timeout, course: course) }
        )
    }

    /// The host cancels before the run is agreed: the invitees are told, and the lobby ends with
    /// `LobbyError.cancelled`. Does nothing once the start is known.
    public func cancel() {
        guard start == nil else { return }
        cancelled = true
        try? invitation?.cancel(by: me.id, at: clock.now)
    }

    /// The host's person says whether the code of the invitee it was shown (the first still to confirm)
    /// matches that invitee's screen: a match admits the invitee (its accept, held until now, counts),
    /// a mismatch refuses it (it is told the invitation was declined). A match pairs the invitee's
    /// identity under its name, as the invitee's accept pairs the host's. Throws `notInvited` when no
    /// code of invitation `id` waits for a confirmation.
    public func confirmCode(invitation id: UInt32, matches: Bool) async throws(InvitationError) {
        guard let offer, id == offer.id, let shown = unconfirmed.first else { throw .notInvited }
        let (runner, identity) = (shown.runner, shown.identity)
        removeUnconfirmed(runner.id)
        emit?.yield(.codeConfirmed(offer, runner, matches: matches))
        if matches {
            checked.insert(runner.id)
            try? knownMates?.remember(KnownMate(name: runner.name, identity: identity, pairedAt: clock.now))
            if heldAccepts.remove(runner.id) != nil { await record(runner, accepted: true, invitation: id) }
        } else {
            await refuse(runner, invitation: id)
        }
    }

    /// Forgets `runner`'s code to confirm; when it was the one shown, shows the next.
    private func removeUnconfirmed(_ runner: RunnerID) {
        let wasShown = unconfirmed.first?.runner.id == runner
        unconfirmed.removeAll { $0.runner.id == runner }
        if wasShown, let offer, let next = unconfirmed.first { emit?.yield(.confirmCode(offer, next.runner, code: next.code)) }
    }

    /// Refuses `runner` for invitation `id`: counted as its decline, and it is told so.
    private func refuse(_ runner: Runner, invitation id: UInt32) async {
        refused.insert(runner.id)
        heldAccepts.remove(runner.id)
        removeUnconfirmed(runner.id)
        if var invitation, (try? invitation.decline(by: runner.id, at: clock.now)) != nil { self.invitation = invitation }
        await messaging.send(.outcome(invitation: id, .declined), from: me, to: [runner.id])
    }

    private func attach(_ continuation: AsyncThrowingStream<LobbyEvent, any Error>.Continuation) {
        emit = continuation
    }

    private func run(_ names: [String], terms: RaceTerms, timeout: TimeInterval, course: CourseListing?) async throws {
        let invitees = try await find(names)
        if cancelled { throw LobbyError.cancelled }
        let sentAt = clock.now
        do {
            invitation = try Invitation(host: me, terms: terms, invitees: invitees, at: sentAt, timeout: timeout)
        } catch {
            throw LobbyError.invitation(error)
        }
        let offer = InvitationOffer(
            id: UInt32.random(in: 1...UInt32.max), host: me, terms: terms, invitees: invitees.map(\.id).sorted(),
            sentAt: sentAt, timeout: timeout, course: terms.course == nil ? nil : course
        )
        self.offer = offer
        emit?.yield(.invited(offer, invitees))
        while let invitation, invitation.status(at: clock.now) == .open {
            let pending = invitees.map(\.id).filter { invitation.status(of: $0, at: clock.now) == .pending }
            await messaging.send(.invitation(offer), from: me, to: pending)
            try await clock.sleep(until: min(clock.now.addingTimeInterval(settings.repeatEvery), offer.expiresAt))
        }
        try await close(invitees: invitees, offer: offer)
    }

    /// Looks for every name among the runners present until all are found or the lookup times out.
    private func find(_ names: [String]) async throws -> [Runner] {
        let deadline = clock.now.addingTimeInterval(settings.lookupTimeout)
        while true {
            if cancelled { throw LobbyError.cancelled }
            await messaging.send(.presence(me, .free), from: me, to: nil)
            var found: [Runner] = []
            var missing: String?
            for name in names {
                let matches = present.values.filter { $0.runner.name.caseInsensitiveCompare(name) == .orderedSame && $0.runner.id != me.id }
                if matches.count > 1 { throw LobbyError.ambiguous(name, count: matches.count) }
                guard let match = matches.first else {
                    missing = missing ?? name
                    continue
                }
                guard match.availability == .free else { throw LobbyError.busy(match.runner.name, match.availability) }
                found.append(match.runner)
            }
            guard let missing else { return found }
            if clock.now >= deadline {
                throw LobbyError.notFound(
                    missing, seen: present.values.map(\.runner.name).sorted(), waited: settings.lookupTimeout
                )
            }
            try await clock.sleep(for: settings.repeatEvery)
        }
    }

    private func close(invitees: [Runner], offer: InvitationOffer) async throws {
        guard let invitation else { return }
        let now = clock.now
        let silent = invitees.filter { invitation.status(of: $0.id, at: now) == .timedOut }.map(\.id)
        switch invitation.status(at: now) {
        case .accepted(let accepted):
            let start = RaceStart(
                invitation: offer.id, host: me, terms: offer.terms, runners: (accepted + [me.id]).sorted(),
                startsAt: now.addingTimeInterval(settings.countdown), course: offer.course
            )
            self.start = start
            emit?.yield(.starting(start))
            // Until the grace after the start: the start to those in, "timed out" to those who said nothing.
            let end = start.startsAt.addingTimeInterval(settings.startGrace)
            var repeats = 0
            while clock.now < end {
                if clock.now < start.startsAt || repeats < 3 {
                    await messaging.send(.outcome(invitation: offer.id, .start(at: start.startsAt, runners: start.runners)), from: me, to: accepted)
                    if !silent.isEmpty { await messaging.send(.outcome(invitation: offer.id, .timedOut), from: me, to: silent) }
                    repeats += 1
                }
                try await clock.sleep(for: settings.repeatEvery)
            }
        case .declined:
            await messaging.send(.outcome(invitation: offer.id, .declined), from: me, to: offer.invitees)
            if invitees.allSatisfy({ refused.contains($0.id) }) { throw LobbyError.notAdmitted(invitees.map(\.name)) }
            throw LobbyError.declined(invitees.map(\.name))
        case .timedOut:
            for _ in 0..<3 { await messaging.send(.outcome(invitation: offer.id, .timedOut), from: me, to: offer.invitees) }
            throw LobbyError.noAnswer(invitees.map(\.name), timeout: offer.timeout)
        case .cancelled, .open:
            for _ in 0..<3 { await messaging.send(.outcome(invitation: offer.id, .cancelled), from: me, to: offer.invitees) }
            throw LobbyError.cancelled
        }
    }

    private func handle(_ received: ReceivedRaceMessage) async {
        switch received.message {
        case let .presence(runner, availability):
            guard runner.id == received.sender else { return }
            present[runner.id] = (runner, availability)
        case let .pairingCode(id, identity, code):
            guard let offer, id == offer.id, let invitation, !coded.contains(received.sender),
                  let runner = invitation.invitees.first(where: { $0.id == received.sender })
            else { return }
            coded.insert(runner.id)
            // Paired under this name: only that device is admitted (a stranger answering as bob
            // must not race in bob's place). A paired identity under another name is not paired as this runner.
            let underName = ((try? knownMates?.all()) ?? []).filter { $0.name.caseInsensitiveCompare(runner.name) == .orderedSame }
            if underName.contains(where: { $0.identity.isSameDevice(as: identity) }) {
                checked.insert(runner.id)
                emit?.yield(.pairedInvitee(runner))
                if heldAccepts.remove(runner.id) != nil { await record(runner, accepted: true, invitation: id) }
            } else if !underName.isEmpty {
                emit?.yield(.impostor(runner))
                await refuse(runner, invitation: id)
            } else {
                // Both sides compare, as Bluetooth numeric comparison does: its accept waits for ours.
                unconfirmed.append((runner, identity, code))
                if unconfirmed.count == 1 { emit?.yield(.confirmCode(offer, runner, code: code)) }
            }
        case let .answer(id, host, accepted):
            guard host == me.id, let offer, id == offer.id, let invitation else { return }
            let runner = invitation.invitees.first { $0.id == received.sender }
            guard let runner else { return }
            if refused.contains(runner.id) {
                // Its repeats until it hears the outcome: tell it again.
                await messaging.send(.outcome(invitation: id, .declined), from: me, to: [runner.id])
                return
            }
            if !accepted {
                removeUnconfirmed(runner.id)
                heldAccepts.remove(runner.id)
            } else if knownMates != nil, !checked.contains(runner.id) {
                // Not (yet) known as who it says: its accept waits for its code's check.
                heldAccepts.insert(runner.id)
                return
            }
            await record(runner, accepted: accepted, invitation: id)
        default:
            return
        }
    }

    /// Counts `runner`'s answer to invitation `id`; a repeat gets the start again, a late one is refused.
    private func record(_ runner: Runner, accepted: Bool, invitation id: UInt32) async {
        guard var invitation else { return }
        do {
            if accepted {
                try invitation.accept(by: runner.id, at: clock.now)
            } else {
                try invitation.decline(by: runner.id, at: clock.now)
            }
            self.invitation = invitation
            emit?.yield(.answered(runner, accepted: accepted))
        } catch .alreadyAnswered {
            // A repeat: the outcome was lost. Say it again once it is known.
            if let start, start.runners.contains(runner.id) {
                await messaging.send(.outcome(invitation: id, .start(at: start.startsAt, runners: start.runners)), from: me, to: [runner.id])
            }
        } catch .timedOut, .cancelled {
            await messaging.send(.outcome(invitation: id, .refused), from: me, to: [runner.id])
            emit?.yield(.refusedLateAnswer(runner))
        } catch {
            return
        }
    }
}
