import Domain
import Foundation
import FrontEndKit
import MateRunnerTesting
@testable import Presentation
import Testing

/// The lobby through the binder: the front-end's answer routed to the lobby, the frames it shows,
/// the start returned once the countdown is over, the lobby's error thrown.
@Suite("FrontEndBinder: lobby", .timeLimit(.minutes(1)))
struct FrontEndBinderLobbyTests {
    @Test("joiner: invitation frame, accept from the front-end, countdown frames, the start returned; late notices until shutdown")
    func joinerStarts() async throws {
        let clock = ManualRaceClock()
        let screen = RecordingScreen()
        let lobby = ScriptedLobby()
        let binder = FrontEndBinder(screen: screen, clock: clock)
        let viewModel = LobbyViewModel(dependency: .init(lobby: lobby, clock: clock, timeZone: .gmt))
        let output = viewModel.transform(input: binder.lobbyInput())
        let shown = Task { try await binder.show(output) }
        let offer = LobbyViewModelTests.offer(at: clock.now)
        let start = LobbyViewModelTests.start(at: clock.now)

        lobby.send(.invitation(offer))
        let invitation = await screen.frame { $0.type == .invitation }
        #expect(invitation?.invitation?.id == "7")
        screen.send(FrontEndInputEvent(type: .accept, invitation: "7"))
        try await waitUntil("the answer") { lobby.answers == [ScriptedLobby.Answer(id: 7, accept: true)] }
        lobby.send(.starting(start))
        for left in [3, 2, 1] {
            _ = await screen.frame { $0.countdown?.secondsLeft == left }
            await clock.awaitSleepers(1)
            clock.advance(by: 1)
        }
        #expect(try await shown.value == start)
        // The invitation frame at each change of its state; the notices; the countdown (in parallel).
        #expect(screen.frames.compactMap(\.invitation?.state) == ["open", "accepted", "starting"])
        #expect(screen.frames.filter { $0.type == .notice }.compactMap(\.message) == [
            "you accepted alice's invitation: waiting for alice to start the run",
            "a 0.20 km race with 2 runners starts at 08:00:03 (in 3 s)",
        ])
        #expect(screen.frames.compactMap(\.countdown?.secondsLeft) == [3, 2, 1, 0])

        // The lobby goes on telling late events in the background, until the binder shuts down.
        lobby.send(.refusedLateAnswer(LobbyViewModelTests.bob))
        let late = await screen.frame { $0.message == "bob answered too late: refused" }
        #expect(late?.level == "warning")
        let shownBefore = screen.frames.count
        binder.shutdown()
        lobby.send(.refusedLateAnswer(LobbyViewModelTests.alice))
        for _ in 0..<1_000 { await Task.yield() }
        #expect(screen.frames.count == shownBefore)
    }

    @Test("host: the notices up to the failure are shown, then the lobby's error is thrown; no countdown")
    func hostFails() async throws {
        let clock = ManualRaceClock()
        let screen = RecordingScreen()
        let lobby = ScriptedLobby()
        let binder = FrontEndBinder(screen: screen, clock: clock)
        let output = LobbyViewModel(dependency: .init(lobby: lobby, clock: clock)).transform(input: binder.lobbyInput())
        lobby.send(.invited(LobbyViewModelTests.offer(at: clock.now), [LobbyViewModelTests.bob]))
        lobby.send(.answered(LobbyViewModelTests.bob, accepted: false))
        lobby.fail(LobbyError.declined(["bob"]))
        await #expect(throws: LobbyError.declined(["bob"])) { try await binder.show(output) }
        #expect(screen.frames.map(\.message) == ["invited bob to a 0.20 km race, waiting 30 s for answers", "bob declined"])
        binder.shutdown()
    }

    @Test("host: cancel from the front-end, or Ctrl-C from the caller, takes the invitation back")
    func hostCancels() async throws {
        let clock = ManualRaceClock()
        let screen = RecordingScreen()
        let lobby = ScriptedLobby()
        let binder = FrontEndBinder(screen: screen, clock: clock)
        let (cancels, ctrlC) = AsyncStream.makeStream(of: Void.self)
        let output = LobbyViewModel(dependency: .init(lobby: lobby, clock: clock)).transform(input: binder.lobbyInput(cancels: cancels))
        let shown = Task { try await binder.show(output) }
        try await waitUntil("the exchange to start") { lobby.runs == 1 }
        screen.send(FrontEndInputEvent(type: .cancel))
        try await waitUntil("the first cancel") { lobby.cancels == 1 }
        ctrlC.yield()
        try await waitUntil("the second cancel") { lobby.cancels == 2 }
        lobby.fail(LobbyError.cancelled)
        await #expect(throws: LobbyError.cancelled) { try await shown.value }
        binder.shutdown()
    }
}
