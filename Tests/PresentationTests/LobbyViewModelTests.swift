import Domain
import Foundation
import FrontEndKit
import MateRunnerTesting
@testable import Presentation
import Testing

/// The lobby view model as a script of lobby events and view inputs on a manual clock, asserting the
/// whole history of every output.
@Suite("LobbyViewModel", .timeLimit(.minutes(1)))
struct LobbyViewModelTests {
    static let alice = Runner(id: RunnerID(rawValue: 0xA11CE), name: "alice")
    static let bob = Runner(id: RunnerID(rawValue: 0xB0B), name: "bob")
    static let terms = RaceTerms(mode: .race, goal: RaceGoal(centimetres: 20_000))

    static func offer(at now: Date) -> InvitationOffer {
        InvitationOffer(id: 7, host: alice, terms: terms, invitees: [bob.id], sentAt: now, timeout: 30)
    }

    static func start(at now: Date) -> RaceStart {
        RaceStart(invitation: 7, host: alice, terms: terms, runners: [bob.id, alice.id], startsAt: now.addingTimeInterval(3))
    }

    static func countdown(_ start: RaceStart) -> [FrontEndCountdown] {
        [3, 2, 1, 0].map { FrontEndCountdown(secondsLeft: $0, startsAt: DisplayFormat.timestamp(start.startsAt)) }
    }

    @Test("host: invite, answers, the countdown on the clock, the start; a late answer after it is still told")
    func host() async throws {
        let script = LobbyScript()
        let offer = Self.offer(at: script.clock.now)
        let start = Self.start(at: script.clock.now)
        try await script.load()
        try await script.send(.invited(offer, [Self.bob]), notices: 1)
        try await script.send(.answered(Self.bob, accepted: true), notices: 2)
        try await script.send(.starting(start), notices: 3)
        try await script.countDown()
        try await waitUntil("the start") { script.history.started.count == 1 }
        try await script.send(.refusedLateAnswer(Self.bob), notices: 4)
        #expect(!script.history.finished.contains("notice"))
        script.lobby.finish()
        try await script.waitForAllOutputsToFinish()

        let history = script.history
        #expect(history.notice == [
            Notice(level: .info, message: "invited bob to a 0.20 km race, waiting 30 s for answers"),
            Notice(level: .info, message: "bob accepted"),
            Notice(level: .info, message: "a 0.20 km race with 2 runners starts at 2027-01-15T08:00:03.000Z"),
            Notice(level: .warning, message: "bob answered too late: refused"),
        ])
        #expect(history.countdown == Self.countdown(start))
        #expect(history.started == [start])
        #expect(history.failure == nil)
        #expect(history.invitation.isEmpty)
    }

    @Test("joiner: the invitation, accepted from the view, then the countdown and the start")
    func joinerAccepts() async throws {
        let script = LobbyScript()
        let offer = Self.offer(at: script.clock.now)
        let start = Self.start(at: script.clock.now)
        try await script.load()
        try await script.send(.invitation(offer), notices: 0, invitations: 1)
        script.accepted.yield(7)
        try await waitUntil("the answer") { script.lobby.answers.count == 1 }
        try await script.send(.starting(start), notices: 1, invitations: 1)
        script.lobby.finish()
        try await script.countDown()
        try await script.waitForAllOutputsToFinish()

        let history = script.history
        #expect(history.invitation == [FrontEndInvitation(
            id: "7", from: "alice", mode: "race", goal: "0.20 km", goalMetres: 200,
            expires: "2027-01-15T08:00:30.000Z", secondsLeft: 30
        )])
        #expect(script.lobby.answers == [ScriptedLobby.Answer(id: 7, accept: true)])
        #expect(history.countdown == Self.countdown(start))
        #expect(history.started == [start])
    }

    @Test("joiner: decline, the invitation closes, a refused answer is told, and the wait ends without a run")
    func joinerDeclines() async throws {
        let script = LobbyScript()
        let offer = Self.offer(at: script.clock.now)
        script.lobby.refuseAnswers(to: 8, with: InvitationError.notInvited)
        try await script.load()
        try await script.send(.invitation(offer), notices: 0, invitations: 1)
        script.declined.yield(7)
        try await waitUntil("the answer") { script.lobby.answers.count == 1 }
        try await script.send(.closed(offer, .declined), notices: 1, invitations: 1)
        script.accepted.yield(8)
        try await waitUntil("the refusal") { script.history.notice.count == 2 }
        script.lobby.fail(LobbyError.noInvitation(waited: 10))
        try await script.waitForAllOutputsToFinish()

        let history = script.history
        #expect(script.lobby.answers == [ScriptedLobby.Answer(id: 7, accept: false), ScriptedLobby.Answer(id: 8, accept: true)])
        #expect(history.notice == [
            Notice(level: .info, message: "the invitation from alice was declined"),
            Notice(level: .info, message: "answer to invitation 8 refused: \(InvitationError.notInvited)"),
        ])
        #expect(history.failure as? LobbyError == .noInvitation(waited: 10))
        #expect(history.countdown.isEmpty && history.started.isEmpty)
    }

    @Test("host: nobody answers in time: started throws the lobby's error; a lobby that just ends throws NoRunAgreed")
    func timeout() async throws {
        let script = LobbyScript()
        try await script.load()
        try await script.send(.invited(Self.offer(at: script.clock.now), [Self.bob]), notices: 1)
        script.lobby.fail(LobbyError.noAnswer(["bob"], timeout: 30))
        try await script.waitForAllOutputsToFinish()
        #expect(script.history.failure as? LobbyError == .noAnswer(["bob"], timeout: 30))

        let ended = LobbyScript()
        try await ended.load()
        ended.lobby.finish()
        try await ended.waitForAllOutputsToFinish()
        #expect(ended.history.failure as? LobbyViewModel.NoRunAgreed == LobbyViewModel.NoRunAgreed())
    }

    @Test("host: cancel from the view takes the invitation back")
    func cancel() async throws {
        let script = LobbyScript()
        try await script.load()
        try await script.send(.invited(Self.offer(at: script.clock.now), [Self.bob]), notices: 1)
        script.cancelRequested.yield(())
        try await waitUntil("the cancel") { script.lobby.cancels == 1 }
        script.lobby.fail(LobbyError.cancelled)
        try await script.waitForAllOutputsToFinish()
        #expect(script.history.failure as? LobbyError == .cancelled)
        #expect(script.history.notice.count == 1)
        #expect(script.lobby.answers.isEmpty)
    }

    @Test("nothing starts before the view is up")
    func neverLoaded() async throws {
        let script = LobbyScript()
        for _ in 0..<1_000 { await Task.yield() }
        #expect(script.lobby.runs == 0)
        script.viewDidLoad.finish()
        try await script.waitForAllOutputsToFinish()
        #expect(script.lobby.runs == 0)
        #expect(script.history.failure is LobbyViewModel.NoRunAgreed)
    }
}
