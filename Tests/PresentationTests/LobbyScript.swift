import Domain
import Foundation
import FrontEndKit
import MateRunnerTesting
@testable import Presentation

/// One lobby view model under test: its scripted inputs, scripted lobby, manual clock and the whole
/// history of every output.
struct LobbyScript {
    /// Where the lobby tells times of day: 08:00:03 UTC is 17:00:03 in Seoul.
    static let timeZone = TimeZone(identifier: "Asia/Seoul") ?? .gmt
    struct History: Sendable {
        var invitation: [FrontEndInvitation] = []
        var countdown: [FrontEndCountdown] = []
        var notice: [Notice] = []
        var started: [RaceStart] = []
        var waiting: [JoinerWaitLine?] = []
        var failure: (any Error)?
        var finished: Set<String> = []
    }

    let clock = ManualRaceClock()
    let lobby = ScriptedLobby()
    let viewDidLoad: AsyncStream<Void>.Continuation
    let accepted: AsyncStream<UInt32>.Continuation
    let declined: AsyncStream<UInt32>.Continuation
    let cancelRequested: AsyncStream<Void>.Continuation
    let state = Locked(History())

    init() {
        let loaded = AsyncStream.makeStream(of: Void.self)
        let accept = AsyncStream.makeStream(of: UInt32.self)
        let decline = AsyncStream.makeStream(of: UInt32.self)
        let cancel = AsyncStream.makeStream(of: Void.self)
        (viewDidLoad, accepted, declined, cancelRequested) = (loaded.continuation, accept.continuation, decline.continuation, cancel.continuation)
        let output = LobbyViewModel(dependency: .init(lobby: lobby, clock: clock, timeZone: Self.timeZone)).transform(input: .init(
            viewDidLoad: loaded.stream, accepted: accept.stream, declined: decline.stream, cancelRequested: cancel.stream
        ))
        let state = self.state
        Task {
            for await value in output.invitation { state.withLock { $0.invitation.append(value) } }
            state.withLock { _ = $0.finished.insert("invitation") }
        }
        Task {
            for await value in output.countdown { state.withLock { $0.countdown.append(value) } }
            state.withLock { _ = $0.finished.insert("countdown") }
        }
        Task {
            for await value in output.notice { state.withLock { $0.notice.append(value) } }
            state.withLock { _ = $0.finished.insert("notice") }
        }
        Task {
            for await value in output.waiting { state.withLock { $0.waiting.append(value) } }
            state.withLock { _ = $0.finished.insert("waiting") }
        }
        Task {
            do {
                for try await value in output.started { state.withLock { $0.started.append(value) } }
            } catch {
                state.withLock { $0.failure = error }
            }
            state.withLock { _ = $0.finished.insert("started") }
        }
    }

    var history: History { state.value }

    /// The view is up: the exchange starts.
    func load() async throws {
        viewDidLoad.yield(())
        try await waitUntil("the exchange to start") { lobby.runs == 1 }
    }

    /// The lobby tells `event`; waits until the outputs have `notices` notices and `invitations` invitations.
    func send(_ event: LobbyEvent, notices: Int, invitations: Int = 0) async throws {
        lobby.send(event)
        try await waitUntil("\(notices) notices, \(invitations) invitations") {
            history.notice.count == notices && history.invitation.count == invitations
        }
    }

    /// Advances the clock a second at a time (the countdown sleeping each time) until the countdown
    /// is over; the start is 3 s away.
    func countDown() async throws {
        for left in [3, 2, 1, 0] {
            try await waitUntil("countdown \(left)") { history.countdown.last?.secondsLeft == left }
            guard left > 0 else { return }
            await clock.awaitSleepers(1)
            clock.advance(by: 1)
        }
    }

    func waitForAllOutputsToFinish() async throws {
        try await waitUntil("every output to finish") { history.finished.count == 5 }
    }
}
