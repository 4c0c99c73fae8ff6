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

    /// The agreed start; a `FlowError.runtime` saying why when there is none.
    func agree() async throws -> RaceStart {
        let (me, deps, environment) = (request.me, dependencies, dependencies.environment)
        let settings = environment.timings.lobby(me: me, wait: request.wait)
        let input: LobbyViewModel.Input
        let lobby: any LobbyUseCase
        switch request.role {
        case let .host(invitees, answerWithin):
            lobby = HostInvitation(
                lobby: HostLobby(settings: settings, messaging: deps.transport, clock: environment.clock, knownMates: deps.knownMates),
                names: invitees, terms: request.terms, timeout: answerWithin
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
        var announced: any LobbyUseCase = lobby
        if let discovery {
            let (transport, logger) = (deps.transport, environment.logger)
            announced = StartAnnouncingLobby(wrapped: lobby) { start in
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
