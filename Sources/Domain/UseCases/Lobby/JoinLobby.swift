import Foundation

/// A joiner's side of the lobby: says it is free, shows the invitations that name it, answers them
/// (by the person's choice or automatically for a named host), and ends with the start of the run it
/// accepted. An answer after the invitation's timeout is refused here already; the host refuses it too.
public actor JoinLobby {
    private let settings: LobbySettings
    private let messaging: any RaceMessagingRepository
    private let clock: any RaceClock
    private let acceptFrom: String?
    /// The mates paired with this device; nil where there are no identities (then `acceptFrom` goes by
    /// the name alone, as before pairing existed).
    private let knownMates: (any KnownMatesRepository)?
    private var offers: [UInt32: InvitationOffer] = [:]
    /// Answers sent and not yet followed by an outcome: repeated until one arrives or the offer expires.
    private var answers: [UInt32: Bool] = [:]
    /// How each closed invitation ended.
    private var closed: [UInt32: InvitationOutcome] = [:]
    private var started: RaceStart?
    private var emit: AsyncThrowingStream<LobbyEvent, any Error>.Continuation?

    /// A joiner; `acceptFrom` names a host whose invitations are accepted without asking, when its
    /// identity is paired under that name in `knownMates`.
    public init(
        settings: LobbySettings, messaging: any RaceMessagingRepository, clock: any RaceClock, acceptFrom: String? = nil,
        knownMates: (any KnownMatesRepository)? = nil
    ) {
        self.knownMates = knownMates
        self.settings = settings
        self.messaging = messaging
        self.clock = clock
        self.acceptFrom = acceptFrom
    }

    private var me: Runner { settings.me }

    /// Waits for invitations until one we accepted starts (the last event), or throws
    /// `LobbyError.noInvitation` after `joinTimeout`.
    public nonisolated func join() -> AsyncThrowingStream<LobbyEvent, any Error> {
        LobbyStream.make(
            messaging: messaging, attach: { await self.attach($0) }, handle: { await self.handle($0) },
            exchange: { try await self.run() }
        )
    }

    private func attach(_ continuation: AsyncThrowingStream<LobbyEvent, any Error>.Continuation) {
        emit = continuation
    }

    /// Answers the invitation `id`. Throws `InvitationError.timedOut` when it has expired (the host
    /// would refuse it too), `.notInvited` for an unknown id, `.alreadyAnswered` for a second answer.
    public func answer(_ id: UInt32, accept: Bool) async throws(InvitationError) {
        guard let offer = offers[id] else { throw .notInvited }
        switch closed[id] {
        case .timedOut?, .refused?: throw .timedOut
        case .cancelled?: throw .cancelled
        case .declined?, .start?: throw .alreadyAnswered
        case nil: break
        }
        guard answers[id] == nil else { throw .alreadyAnswered }
        guard clock.now < offer.expiresAt else {
            close(offer, .timedOut)
            throw .timedOut
        }
        answers[id] = accept
        await messaging.send(.answer(invitation: id, host: offer.host.id, accepted: accept), from: me, to: [offer.host.id])
        // Accepting after comparing the code pairs: the host's identity is remembered under its name.
        if accept, let security = offer.security, !security.isPaired {
            try? knownMates?.remember(KnownMate(name: offer.host.name, identity: security.hostIdentity, pairedAt: clock.now))
        }
        if !accept { close(offer, .declined) }
    }

    private func run() async throws {
        let deadline = clock.now.addingTimeInterval(settings.joinTimeout)
        emit?.yield(.waiting(me, until: deadline))
        while started == nil {
            let busy = offers.keys.contains { closed[$0] == nil }
            await messaging.send(.presence(me, busy ? .invited : .free), from: me, to: nil)
            for (id, accepted) in answers where closed[id] == nil || !accepted {
                guard let offer = offers[id], clock.now < offer.expiresAt.addingTimeInterval(settings.startGrace) else { continue }
                await messaging.send(.answer(invitation: id, host: offer.host.id, accepted: accepted), from: me, to: [offer.host.id])
            }
            if started != nil { break }
            if clock.now >= deadline { throw LobbyError.noInvitation(waited: settings.joinTimeout) }
            try await clock.sleep(for: settings.repeatEvery)
        }
    }

    private func handle(_ received: ReceivedRaceMessage) async {
        guard started == nil else { return }
        switch received.message {
        case .invitation(var offer):
            guard offer.host.id == received.sender, offer.invitees.contains(me.id), offers[offer.id] == nil else { return }
            if var security = offer.security {
                security.pairedAs = (try? knownMates?.mate(with: security.hostIdentity))?.name
                offer.security = security
            }
            offers[offer.id] = offer
            emit?.yield(.invitation(offer))
            await acceptByItself(offer)
        case let .outcome(id, outcome):
            guard let offer = offers[id], offer.host.id == received.sender else { return }
            if case let .start(at, runners) = outcome, answers[id] == true, runners.contains(me.id) {
                let start = RaceStart(invitation: id, host: offer.host, terms: offer.terms, runners: runners, startsAt: at, course: offer.course)
                started = start
                emit?.yield(.starting(start))
                return
            }
            if case .start = outcome { return }
            close(offer, outcome)
        default:
            return
        }
    }

    /// `--accept-from NAME`: accepts an invitation whose host's identity is paired as NAME (by name alone
    /// where there are no identities); one from a host called NAME that is not paired is only reported.
    private func acceptByItself(_ offer: InvitationOffer) async {
        guard let acceptFrom else { return }
        let named = offer.host.name.caseInsensitiveCompare(acceptFrom) == .orderedSame
        guard knownMates != nil else {
            if named { try? await answer(offer.id, accept: true) }
            return
        }
        if offer.security?.pairedAs?.caseInsensitiveCompare(acceptFrom) == .orderedSame {
            try? await answer(offer.id, accept: true)
        } else if named {
            emit?.yield(.notPaired(offer))
        }
    }

    private func close(_ offer: InvitationOffer, _ outcome: InvitationOutcome) {
        guard closed[offer.id] == nil else { return }
        closed[offer.id] = outcome
        emit?.yield(.closed(offer, outcome))
    }
}
