import Domain
import Foundation
import MateRunnerTesting
import Testing

/// Invitations as a state machine on the race clock, and cheers.
@Suite("Invitations and cheers")
struct InvitationAndCheerTests {
    let host = RaceSamples.runner(1, "host")
    let ana = RaceSamples.runner(2, "ana")
    let bor = RaceSamples.runner(3, "bor")
    let race = RaceTerms(mode: .race, goal: .standard)

    private func at(_ seconds: TimeInterval) -> Date { RaceSamples.start.addingTimeInterval(seconds) }

    private func invite(_ invitees: [Runner], timeout: TimeInterval = Invitation.standardTimeout) throws -> Invitation {
        try Invitation(host: host, terms: race, invitees: invitees, at: at(0), timeout: timeout)
    }

    @Test("everyone accepts in time: accepted by all, lowest id first")
    func everyoneAccepts() throws {
        var invitation = try invite([bor, ana])
        #expect(invitation.invitees == [ana, bor])
        #expect(invitation.status(at: at(0)) == .open)
        try invitation.accept(by: bor.id, at: at(3))
        #expect(invitation.status(at: at(3)) == .open)
        try invitation.accept(by: ana.id, at: at(9.999))
        #expect(invitation.status(at: at(9.999)) == .accepted(by: [ana.id, bor.id]))
        #expect(invitation.status(of: ana.id, at: at(20)) == .accepted)
    }

    @Test("decline by all is declined; one accept and one decline starts with the one")
    func declines() throws {
        var all = try invite([ana, bor])
        try all.decline(by: ana.id, at: at(1))
        try all.decline(by: bor.id, at: at(2))
        #expect(all.status(at: at(2)) == .declined)
        var mixed = try invite([ana, bor])
        try mixed.decline(by: ana.id, at: at(1))
        try mixed.accept(by: bor.id, at: at(2))
        #expect(mixed.status(at: at(2)) == .accepted(by: [bor.id]))
        #expect(throws: InvitationError.alreadyAnswered) { try mixed.accept(by: ana.id, at: at(3)) }
    }

    @Test("the 10 s timeout: at 10 s exactly it has timed out and cannot be accepted late")
    func timeout() throws {
        var invitation = try invite([ana, bor])
        try invitation.accept(by: ana.id, at: at(2))
        #expect(invitation.expiresAt == at(10))
        #expect(invitation.status(of: bor.id, at: at(9.9)) == .pending)
        #expect(invitation.status(of: bor.id, at: at(10)) == .timedOut)
        #expect(throws: InvitationError.timedOut) { try invitation.accept(by: bor.id, at: at(10)) }
        #expect(invitation.status(at: at(10)) == .accepted(by: [ana.id]))
        var nobody = try invite([ana], timeout: 5)
        #expect(nobody.status(at: at(5)) == .timedOut)
        #expect(throws: InvitationError.timedOut) { try nobody.decline(by: ana.id, at: at(6)) }
    }

    @Test("the host cancels: nobody can accept any more; only the host may cancel, and only while open")
    func cancel() throws {
        var invitation = try invite([ana, bor])
        #expect(throws: InvitationError.onlyHostCancels) { try invitation.cancel(by: ana.id, at: at(1)) }
        try invitation.cancel(by: host.id, at: at(1))
        #expect(invitation.status(at: at(1)) == .cancelled)
        #expect(invitation.status(of: ana.id, at: at(1)) == .cancelled)
        #expect(throws: InvitationError.cancelled) { try invitation.accept(by: ana.id, at: at(2)) }
        #expect(throws: InvitationError.cancelled) { try invitation.cancel(by: host.id, at: at(2)) }
        var timedOut = try invite([ana])
        #expect(throws: InvitationError.timedOut) { try timedOut.cancel(by: host.id, at: at(11)) }
        var closed = try invite([ana])
        try closed.accept(by: ana.id, at: at(1))
        #expect(throws: InvitationError.alreadyClosed) { try closed.cancel(by: host.id, at: at(2)) }
    }

    @Test("who can be invited: not a busy runner, not the host, somebody, and not in a single run")
    func whoCanBeInvited() throws {
        #expect(throws: InvitationError.busy("bor")) {
            try Invitation(host: host, terms: race, invitees: [ana, bor], busy: [bor.id], at: at(0))
        }
        #expect(throws: InvitationError.hostInvited) { try invite([ana, host]) }
        #expect(throws: InvitationError.noInvitees) { try invite([]) }
        #expect(throws: InvitationError.singleRunNeedsNoInvitation) {
            try Invitation(host: host, terms: RaceTerms(mode: .single, goal: .standard), invitees: [ana], at: at(0))
        }
        #expect(throws: InvitationError.invalidTimeout(0)) { try invite([ana], timeout: 0) }
        let team = try Invitation(host: host, terms: RaceTerms(mode: .team, goal: .standard), invitees: [ana, ana], at: at(0))
        #expect(team.invitees == [ana])
        var invitation = try invite([ana])
        #expect(throws: InvitationError.notInvited) { try invitation.accept(by: bor.id, at: at(1)) }
        #expect(invitation.status(of: bor.id, at: at(1)) == .notInvited)
        #expect(InvitationError.busy("bor").description.contains("already running"))
    }

    @Test("a cheer says who sent which emoji to whom and when; never to oneself")
    func cheers() throws {
        let cheer = try Cheer(from: ana.id, to: bor.id, emoji: .fire, at: at(42))
        #expect(cheer.sender == ana.id)
        #expect(cheer.recipient == bor.id)
        #expect(cheer.emoji == .fire)
        #expect(cheer.sentAt == at(42))
        #expect(throws: CheerError.toSelf) { try Cheer(from: ana.id, to: ana.id, emoji: .clap, at: at(1)) }
    }

    @Test("there are exactly 12 distinct emojis, numbered 0-11, each found back from its symbol")
    func twelveEmojis() {
        #expect(CheerEmoji.allCases.count == 12)
        #expect(CheerEmoji.allCases.map(\.rawValue) == Array(0...11))
        #expect(Set(CheerEmoji.allCases.map(\.symbol)).count == 12)
        for emoji in CheerEmoji.allCases { #expect(CheerEmoji(symbol: emoji.symbol) == emoji) }
        #expect(CheerEmoji(symbol: "🐌") == nil)
    }
}
