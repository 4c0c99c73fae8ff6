import Domain
import Presentation

/// `run --invite` and `run --join`: the invitation exchange before the run, on the lobby view model,
/// ending with the agreed start once the countdown is over. A host's Ctrl-C before the start takes
/// the invitation back (the invitees are told) instead of vanishing.
struct RunLobby {
    let request: RunRequest
    let dependencies: RunDependencies
    let binder: FrontEndBinder
    /// Told of the agreed start as soon as the lobby agrees on it (before the countdown).
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
        let observed = StartObservingLobby(wrapped: lobby, starting: starting)
        let output = LobbyViewModel(dependency: .init(lobby: observed, clock: environment.clock)).transform(input: input)
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

/// A lobby whose agreed start is also handed to `starting` the moment it is known (before the
/// countdown): a joiner begins fetching the host's course then.
struct StartObservingLobby: LobbyUseCase {
    let wrapped: any LobbyUseCase
    let starting: @Sendable (RaceStart) -> Void

    func events() -> AsyncThrowingStream<LobbyEvent, any Error> {
        let upstream = wrapped.events()
        let (stream, continuation) = AsyncThrowingStream.makeStream(of: LobbyEvent.self)
        let starting = self.starting
        let task = Task {
            do {
                for try await event in upstream {
                    if case .starting(let start) = event { starting(start) }
                    continuation.yield(event)
                }
                continuation.finish()
            } catch {
                continuation.finish(throwing: error)
            }
        }
        continuation.onTermination = { _ in task.cancel() }
        return stream
    }

    func answer(_ id: UInt32, accept: Bool) async throws {
        try await wrapped.answer(id, accept: accept)
    }

    func cancel() async {
        await wrapped.cancel()
    }
}
