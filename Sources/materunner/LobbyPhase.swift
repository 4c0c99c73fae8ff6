import Data
import Domain
import Foundation
import FrontEndKit
import Logging
import Presentation

/// `run --invite` and `run --join`: the invitation exchange before the run, shown on the front-ends
/// through the lobby view model, then the countdown. Ends at the start instant with the agreed run.
struct LobbyPhase {
    let container: AppContainer
    let me: Runner
    let messaging: any RaceMessagingRepository
    let binder: FrontEndBinder

    /// Lobby timings: given in real seconds, run on the (possibly sped-up) race clock.
    func settings(wait: TimeInterval) -> LobbySettings {
        let scale = container.clock.speedup
        return LobbySettings(
            me: me, repeatEvery: 0.5 * scale, countdown: 3, lookupTimeout: min(wait, 15) * scale,
            joinTimeout: wait * scale, startGrace: 5 * scale
        )
    }

    /// The host: invites `names` and returns the start once the countdown is over. The lobby goes on
    /// showing late answers until the run's screen ends.
    func invite(_ names: [String], terms: RaceTerms, timeout: TimeInterval, wait: TimeInterval) async throws -> RaceStart {
        let lobby = HostLobby(settings: settings(wait: wait), messaging: messaging, clock: container.clock)
        let invitation = HostInvitation(lobby: lobby, names: names, terms: terms, timeout: timeout * container.clock.speedup)
        // Ctrl-C before the start cancels the invitation (the invitees are told) instead of vanishing.
        let signals = InterruptSignals()
        defer { signals.cancel() }
        return try await show(invitation, input: binder.lobbyInput(cancels: signals.stream))
    }

    /// A joiner: shows invitations, answers them from the front-ends' accept / decline inputs (or by
    /// itself for `acceptFrom`), and returns the start of the run it joined once the countdown is over.
    func join(acceptFrom: String?, wait: TimeInterval) async throws -> RaceStart {
        let lobby = JoinLobby(settings: settings(wait: wait), messaging: messaging, clock: container.clock, acceptFrom: acceptFrom)
        binder.show(Notice(level: .info, message: "\(me.name) is waiting for an invitation"))
        return try await show(lobby, input: binder.lobbyInput())
    }

    private func show(_ lobby: any LobbyUseCase, input: LobbyViewModel.Input) async throws -> RaceStart {
        let viewModel = LobbyViewModel(dependency: .init(lobby: lobby, clock: container.clock))
        do {
            return try await binder.show(viewModel.transform(input: input))
        } catch let error as LobbyError {
            throw CLIError.runtime("\(error)")
        } catch let error as LobbyViewModel.NoRunAgreed {
            throw CLIError.runtime("\(error)")
        }
    }
}
