import Domain
import Presentation

/// `run --invite` and `run --join`: the invitation exchange before the run, on the lobby view model,
/// ending with the agreed start once the countdown is over. A host's Ctrl-C before the start takes
/// the invitation back (the invitees are told) instead of vanishing.
struct RunLobby {
    let request: RunRequest
    let dependencies: RunDependencies
    let binder: FrontEndBinder
    /// Where we are advertised, if we are: it says `running` from the agreed start (the countdown) on.
    let discovery: (any MateDiscoveryRepository)?
    /// Told of the agreed start as soon as the lobby agrees on it (before the countdown): a joiner
    /// begins fetching the host's course then.
    var starting: @Sendable (RaceStart) -> Void = { _ in }

    /// The agreed start; a `FlowError.runtime` saying why when there is none.
    func agree() async throws -> RaceStart {
        let (me, deps, environment) = (request.me, dependencies, dependencies.environment)
        let settings = environment.timings.lobby(me: me, wait: request.wait)
        let input: LobbyViewModel.Input
        let lobby: any LobbyUseCase
        switch request.role {
        case let .host(invitees, answerWithin):
            lobby = HostInvitation(
                // An invitee under a paired name is admitted only as that identity, an unpaired one only once
                // the person confirmed its code (the host's `invitation` frame; docs/RACING.md, "Pairing").
                lobby: HostLobby(settings: settings, messaging: deps.transport, clock: environment.clock, knownMates: deps.knownMates),
                names: invitees, terms: request.terms, timeout: answerWithin, course: request.course.map(CourseListing.init)
            )
            input = binder.lobbyInput(cancels: environment.interrupts())
        case .joiner(let acceptFrom):
            lobby = JoinLobby(
                settings: settings, messaging: deps.transport, clock: environment.clock, acceptFrom: acceptFrom, knownMates: deps.knownMates
            )
            input = binder.lobbyInput()
        case .open:
            throw FlowError(.software, "a run without invitations has no lobby")
        }
        let (transport, logger, discovery, starting) = (deps.transport, environment.logger, discovery, starting)
        let announced = StartAnnouncingLobby(wrapped: lobby) { start in
            starting(start)
            if let discovery {
                RunStateAnnouncer.announceRunning(transport.publicRaceID(invitation: start.invitation), on: discovery, logger: logger)
            }
        }
        let output = LobbyViewModel(dependency: .init(lobby: announced, clock: environment.clock)).transform(input: input)
        do {
            return try await binder.show(output)
        } catch let error as LobbyError {
            throw FlowError(.noResult, "\(error)")
        } catch let error as FlowError {
            throw error
        } catch {
            throw FlowError(.noResult, "the lobby ended without a run: \(error)")
        }
    }
}

