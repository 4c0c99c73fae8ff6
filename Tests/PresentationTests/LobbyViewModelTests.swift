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
            Notice(level: .info, message: "a 0.20 km race with 2 runners starts at 17:00:03 (in 3 s)"),
            Notice(level: .warning, message: "bob answered too late: refused"),
        ])
        #expect(history.countdown == Self.countdown(start))
        #expect(history.started == [start])
        #expect(history.failure == nil)
        #expect(history.invitation.isEmpty)
    }

    @Test("host: a paired invitee says paired; an unpaired one's code is a frame to confirm, answered from the view; an impostor is said plainly")
    func hostChecksInvitees() async throws {
        let script = LobbyScript()
        let offer = Self.offer(at: script.clock.now)
        script.lobby.replying { answer in answer.id == 7 ? .codeConfirmed(offer, Self.bob, matches: answer.accept) : nil }
        try await script.load()
        try await script.send(.invited(offer, [Self.bob]), notices: 1)
        try await script.send(.pairedInvitee(Self.bob), notices: 2)
        try await script.send(.impostor(Self.bob), notices: 3)
        try await script.send(.confirmCode(offer, Self.bob, code: "482913"), notices: 4, invitations: 1)
        script.accepted.yield(7)
        try await waitUntil("the confirmation") { script.history.invitation.count == 2 && script.history.notice.count == 5 }
        try await script.send(.confirmCode(offer, Self.bob, code: "111111"), notices: 6, invitations: 3)
        script.declined.yield(7)
        try await waitUntil("the mismatch") { script.history.invitation.count == 4 && script.history.notice.count == 7 }
        script.lobby.finish()
        try await script.waitForAllOutputsToFinish()

        #expect(script.lobby.answers == [.init(id: 7, accept: true), .init(id: 7, accept: false)])
        let history = script.history
        #expect(Array(history.notice.dropFirst()) == [
            Self.info("bob is paired"),
            Self.warning(
                "someone answered as bob with a different device key than the bob you paired with: not admitted (if bob has a new device, "
                    + "pair again: materunner mates forget bob, then materunner mates add bob with the identity bob's materunner mates prints)"
            ),
            Self.info("bob's code: 482913 (accept only if bob's screen shows it; bob is admitted only then)"),
            Self.info("bob's code confirmed: bob is paired with this device"),
            Self.info("bob's code: 111111 (accept only if bob's screen shows it; bob is admitted only then)"),
            Self.warning("bob's code did not match: bob not admitted"),
        ])
        func frame(_ code: String?, _ state: FrontEndInvitation.State, left: Double) -> FrontEndInvitation {
            var frame = Self.invitation(offer, left: left, state)
            (frame.code, frame.invitee) = (code, "bob")
            return frame
        }
        #expect(history.invitation == [frame("482913", .open, left: 30), frame(nil, .accepted, left: 0), frame("111111", .open, left: 30), frame(nil, .declined, left: 0)])
    }

    static func invitation(_ offer: InvitationOffer, left: Double, _ state: FrontEndInvitation.State) -> FrontEndInvitation {
        FrontEndInvitation(
            id: String(offer.id), from: "alice", mode: "race", goal: "0.20 km", goalMetres: 200,
            expires: DisplayFormat.timestamp(offer.expiresAt), secondsLeft: left, state: state
        )
    }

    static func info(_ message: String) -> Notice { Notice(level: .info, message: message) }
    static func warning(_ message: String) -> Notice { Notice(level: .warning, message: message) }

    @Test("joiner: waiting with the time left, the invitation, accepted from the view, then starting, the countdown and the start")
    func joinerAccepts() async throws {
        let script = LobbyScript()
        let offer = Self.offer(at: script.clock.now)
        let start = Self.start(at: script.clock.now)
        try await script.load()
        try await script.send(.waiting(Self.bob, until: script.clock.now.addingTimeInterval(60)), notices: 1)
        try await script.send(.invitation(offer), notices: 1, invitations: 1)
        script.accepted.yield(7)
        try await waitUntil("the answer") { script.history.invitation.count == 2 && script.history.notice.count == 2 }
        try await script.send(.starting(start), notices: 3, invitations: 3)
        script.lobby.finish()
        try await script.countDown()
        try await script.waitForAllOutputsToFinish()

        let history = script.history
        #expect(history.invitation == [
            Self.invitation(offer, left: 30, .open), Self.invitation(offer, left: 0, .accepted), Self.invitation(offer, left: 0, .starting),
        ])
        #expect(history.notice == [
            Self.info("bob is waiting for an invitation: 60 s left"),
            Self.info("you accepted alice's invitation: waiting for alice to start the run"),
            Self.info("a 0.20 km race with 2 runners starts at 17:00:03 (in 3 s)"),
        ])
        #expect(script.lobby.answers == [ScriptedLobby.Answer(id: 7, accept: true)])
        #expect(history.countdown == Self.countdown(start))
        #expect(history.started == [start])
    }

    @Test("joiner: decline, said once; still waiting, with the time left; an answer the lobby refuses is a warning; the wait ends")
    func joinerDeclines() async throws {
        let script = LobbyScript()
        let offer = Self.offer(at: script.clock.now)
        script.lobby.refuseAnswers(to: 8, with: InvitationError.notInvited)
        // The lobby closes a declined invitation before its answer returns (as JoinLobby does): said once.
        script.lobby.replying { $0.accept ? nil : .closed(offer, .declined) }
        try await script.load()
        try await script.send(.waiting(Self.bob, until: script.clock.now.addingTimeInterval(60)), notices: 1)
        try await script.send(.invitation(offer), notices: 1, invitations: 1)
        script.declined.yield(7)
        try await waitUntil("the decline") { script.history.notice.count == 3 && script.history.invitation.count == 2 }
        script.accepted.yield(8)
        try await waitUntil("the refusal") { script.history.notice.count == 4 }
        script.lobby.fail(LobbyError.noInvitation(waited: 60))
        try await script.waitForAllOutputsToFinish()

        let history = script.history
        #expect(script.lobby.answers == [ScriptedLobby.Answer(id: 7, accept: false), ScriptedLobby.Answer(id: 8, accept: true)])
        #expect(history.invitation == [Self.invitation(offer, left: 30, .open), Self.invitation(offer, left: 0, .declined)])
        #expect(history.notice == [
            Self.info("bob is waiting for an invitation: 60 s left"),
            Self.info("you declined alice's invitation"),
            Self.info("bob is waiting for another invitation: 60 s left"),
            Self.warning("answer to invitation 8 refused: \(InvitationError.notInvited)"),
        ])
        #expect(history.failure as? LobbyError == .noInvitation(waited: 60))
        #expect(history.countdown.isEmpty && history.started.isEmpty)
    }

    @Test("joiner: the time left said every second on the clock; at the expiry the invitation expires; a later accept is not sent and says why")
    func joinerExpiry() async throws {
        let script = LobbyScript()
        let offer = InvitationOffer(id: 7, host: Self.alice, terms: Self.terms, invitees: [Self.bob.id], sentAt: script.clock.now, timeout: 3)
        try await script.load()
        try await script.send(.waiting(Self.bob, until: script.clock.now.addingTimeInterval(60)), notices: 1)
        try await script.send(.invitation(offer), notices: 1, invitations: 1)
        for shown in 2...4 {
            await script.clock.awaitSleepers(1)
            script.clock.advance(by: 1)
            try await waitUntil("invitation frame \(shown)") { script.history.invitation.count == shown }
        }
        try await waitUntil("the expiry notices") { script.history.notice.count == 3 }
        script.accepted.yield(7)
        try await waitUntil("the refusal") { script.history.notice.count == 4 }
        // The host's word that it timed out comes later: nothing new to say.
        try await script.send(.closed(offer, .timedOut), notices: 4, invitations: 4)
        script.lobby.finish()
        try await script.waitForAllOutputsToFinish()

        let history = script.history
        #expect(history.invitation == [
            Self.invitation(offer, left: 3, .open), Self.invitation(offer, left: 2, .open), Self.invitation(offer, left: 1, .open),
            Self.invitation(offer, left: 0, .expired),
        ])
        #expect(history.notice == [
            Self.info("bob is waiting for an invitation: 60 s left"),
            Self.warning("the invitation from alice expired: it was not answered in time"),
            Self.info("bob is waiting for another invitation: 57 s left"),
            Self.warning("nothing to accept: the invitation from alice expired"),
        ])
        #expect(script.lobby.answers.isEmpty)
        // The wait line goes while the invitation is open and comes back when it expired.
        let until = DisplayFormat.timestamp(offer.sentAt.addingTimeInterval(60))
        #expect(history.waiting == [
            JoinerWaitLine(
                message: "bob is waiting for an invitation: 60 s left",
                waiting: FrontEndWaiting(secondsLeft: 60, until: until)),
            nil,
            JoinerWaitLine(
                message: "bob is waiting for another invitation: 57 s left",
                waiting: FrontEndWaiting(secondsLeft: 57, until: until)),
        ])
    }

    @Test("joiner: while no invitation is open, the wait line's seconds left, once a second; gone at the end")
    func joinerWaitLine() async throws {
        let script = LobbyScript()
        let until = script.clock.now.addingTimeInterval(3)
        try await script.load()
        try await script.send(.waiting(Self.bob, until: until), notices: 1)
        try await waitUntil("the first wait line") { script.history.waiting.count == 1 }
        for shown in 2...4 {
            await script.clock.awaitSleepers(1)
            script.clock.advance(by: 1)
            try await waitUntil("wait line \(shown)") { script.history.waiting.count == shown }
        }
        script.lobby.fail(LobbyError.noInvitation(waited: 3))
        try await script.waitForAllOutputsToFinish()

        let history = script.history
        let end = DisplayFormat.timestamp(until)
        #expect(history.waiting == [3, 2, 1].map {
            JoinerWaitLine(
                message: "bob is waiting for an invitation: \($0) s left",
                waiting: FrontEndWaiting(secondsLeft: $0, until: end))
        } + [nil])
        #expect(history.notice == [Self.info("bob is waiting for an invitation: 3 s left")])
        #expect(history.failure as? LobbyError == .noInvitation(waited: 3))
    }

    @Test("joiner: the host withdraws the invitation: withdrawn, said, still waiting; `a` then answers nothing")
    func joinerWithdrawn() async throws {
        let script = LobbyScript()
        let offer = Self.offer(at: script.clock.now)
        try await script.load()
        try await script.send(.waiting(Self.bob, until: script.clock.now.addingTimeInterval(60)), notices: 1)
        try await script.send(.invitation(offer), notices: 1, invitations: 1)
        try await script.send(.closed(offer, .cancelled), notices: 3, invitations: 2)
        script.accepted.yield(7)
        try await waitUntil("the refusal") { script.history.notice.count == 4 }
        script.lobby.finish()
        try await script.waitForAllOutputsToFinish()

        let history = script.history
        #expect(history.invitation == [Self.invitation(offer, left: 30, .open), Self.invitation(offer, left: 0, .withdrawn)])
        #expect(history.notice == [
            Self.info("bob is waiting for an invitation: 60 s left"),
            Self.warning("alice withdrew the invitation"),
            Self.info("bob is waiting for another invitation: 60 s left"),
            Self.warning("nothing to accept: the invitation from alice was withdrawn"),
        ])
        #expect(script.lobby.answers.isEmpty)
    }

    @Test("joiner: an accept the lobby refuses as too late expires the invitation; a run that started without us is said")
    func joinerLateAndMissed() async throws {
        let script = LobbyScript()
        let offer = Self.offer(at: script.clock.now)
        var other = Self.offer(at: script.clock.now)
        other.id = 9
        script.lobby.refuseAnswers(to: 7, with: InvitationError.timedOut)
        try await script.load()
        try await script.send(.invitation(offer), notices: 0, invitations: 1)
        script.accepted.yield(7)
        try await waitUntil("the refusal") { script.history.notice.count == 1 && script.history.invitation.count == 2 }
        try await script.send(.invitation(other), notices: 1, invitations: 3)
        try await script.send(.closed(other, .start(at: script.clock.now, runners: [Self.alice.id])), notices: 2, invitations: 4)
        script.lobby.finish()
        try await script.waitForAllOutputsToFinish()

        let history = script.history
        #expect(history.invitation.map(\.state) == ["open", "expired", "open", "missed"])
        #expect(history.notice == [
            Self.warning("answer to invitation 7 refused: \(InvitationError.timedOut)"),
            Self.warning("the run from alice's invitation started without you"),
        ])
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
