import Foundation

/// The lobby of an invited run, from either side, as a view model drives it: the exchange's events,
/// the person's answers, and taking it back.
public protocol LobbyUseCase: Sendable {
    /// Runs the exchange: every event up to `starting` and after it (late answers), or a `LobbyError`.
    func events() -> AsyncThrowingStream<LobbyEvent, any Error>
    /// Answers invitation `id` (a joiner), or confirms an invitee's code (a host: a = it matches).
    func answer(_ id: UInt32, accept: Bool) async throws
    /// Takes the invitation back before the start (a host: the invitees are told).
    func cancel() async
}

/// The host's side: `lobby` invites `names` to run `terms`, each invitee answering within `timeout`.
public struct HostInvitation: LobbyUseCase {
    public let lobby: HostLobby
    public let names: [String]
    public let terms: RaceTerms
    public let timeout: TimeInterval
    /// The course's listing when `terms` has a course.
    public let course: CourseListing?

    /// The invitation `lobby` sends when its events are asked for.
    public init(lobby: HostLobby, names: [String], terms: RaceTerms, timeout: TimeInterval, course: CourseListing? = nil) {
        self.course = course
        self.lobby = lobby
        self.names = names
        self.terms = terms
        self.timeout = timeout
    }

    public func events() -> AsyncThrowingStream<LobbyEvent, any Error> {
        lobby.invite(names, terms: terms, timeout: timeout, course: course)
    }

    /// The host's person confirms (`accept`) or rejects the code of the unpaired invitee shown first
    /// (`HostLobby.confirmCode`); `notInvited` when no code waits.
    public func answer(_ id: UInt32, accept: Bool) async throws {
        try await lobby.confirmCode(invitation: id, matches: accept)
    }

    public func cancel() async {
        await lobby.cancel()
    }
}

extension JoinLobby: LobbyUseCase {
    public nonisolated func events() -> AsyncThrowingStream<LobbyEvent, any Error> {
        join()
    }

    /// A joiner has nothing to take back: it leaves by ending its events (the host's invitation then
    /// times out, or was already answered).
    public func cancel() async {}
}
