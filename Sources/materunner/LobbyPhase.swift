import Data
import Domain
import Foundation
import FrontEndKit
import Logging
import Presentation

/// `run --invite` and `run --join`: the invitation exchange before the run, shown on the front-ends,
/// then the countdown. Ends at the start instant with the agreed run.
struct LobbyPhase {
    let container: AppContainer
    let me: Runner
    let messaging: any RaceMessagingRepository
    let host: FrontEndHost

    /// Lobby timings: given in real seconds, run on the (possibly sped-up) race clock.
    func settings(wait: TimeInterval) -> LobbySettings {
        let scale = container.clock.speedup
        return LobbySettings(
            me: me, repeatEvery: 0.5 * scale, countdown: 3, lookupTimeout: min(wait, 15) * scale,
            joinTimeout: wait * scale, startGrace: 5 * scale
        )
    }

    /// The host: invites `names` and returns the start once the countdown is over. The lobby goes on
    /// answering late answers in the returned task until its grace ends; cancel it when the run ends.
    func invite(_ names: [String], terms: RaceTerms, timeout: TimeInterval, wait: TimeInterval) async throws -> (RaceStart, Task<Void, Never>) {
        let lobby = HostLobby(settings: settings(wait: wait), messaging: messaging, clock: container.clock)
        // Ctrl-C before the start cancels the invitation (the invitees are told) instead of vanishing.
        let signals = InterruptSignals()
        let interrupts = signals.stream
        let cancelling = Task {
            for await _ in interrupts { await lobby.cancel() }
        }
        defer {
            cancelling.cancel()
            signals.cancel()
        }
        return try await follow(lobby.invite(names, terms: terms, timeout: timeout * container.clock.speedup))
    }

    /// A joiner: shows invitations, answers them from the front-ends' accept / decline inputs (or by
    /// itself for `acceptFrom`), and returns the start of the run it joined once the countdown is over.
    func join(acceptFrom: String?, wait: TimeInterval) async throws -> RaceStart {
        let lobby = JoinLobby(settings: settings(wait: wait), messaging: messaging, clock: container.clock, acceptFrom: acceptFrom)
        let logger = container.logger
        let inputs = host.subscribeInputs()
        let answering = Task {
            for await event in inputs where event.type == .accept || event.type == .decline {
                guard let id = event.invitation.flatMap(UInt32.init) else { continue }
                do {
                    try await lobby.answer(id, accept: event.type == .accept)
                } catch {
                    logger.info("answer to invitation \(id) refused: \(error)")
                }
            }
        }
        defer { answering.cancel() }
        let frame = FrontEndFrame(
            type: .notice, time: DisplayFormat.timestamp(container.clock.now), level: Notice.Level.info.rawValue,
            message: "\(me.name) is waiting for an invitation"
        )
        _ = host.deliver(frame)
        return try await follow(lobby.join()).0
    }

    /// Shows every event until the start, then the countdown; the rest of the stream is drained (and
    /// shown) in the returned task.
    private func follow(_ events: AsyncThrowingStream<LobbyEvent, any Error>) async throws -> (RaceStart, Task<Void, Never>) {
        var iterator = events.makeAsyncIterator()
        var start: RaceStart?
        do {
            while start == nil, let event = try await iterator.next() {
                deliver(event)
                if case .starting(let agreed) = event { start = agreed }
            }
        } catch let error as LobbyError {
            throw CLIError.runtime("\(error)")
        }
        guard let start else { throw CLIError.runtime("the lobby ended without a run") }
        let rest = Task { [iterator] in
            var iterator = iterator
            while let event = try? await iterator.next() { deliver(event) }
        }
        for await frame in LobbyFrames.countdown(to: start.startsAt, clock: container.clock) {
            _ = host.deliver(frame)
        }
        return (start, rest)
    }

    private func deliver(_ event: LobbyEvent) {
        container.logger.info("lobby: \(event)")
        for frame in LobbyFrames.frames(for: event, now: container.clock.now) { _ = host.deliver(frame) }
    }
}
