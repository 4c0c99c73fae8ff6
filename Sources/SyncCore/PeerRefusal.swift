import Domain

/// Why a well-formed datagram was refused by a rule of the peer (docs/PROTOCOL.md, "Hardening" and
/// "Drops"), as opposed to a malformed one (`DatagramError`). Counted by `reason` in
/// `SyncStatistics.dropped`; a refused datagram changes nothing else.
package enum PeerRefusal: Error, Hashable, Sendable {
    /// A datagram number further ahead of the sender's highest than `RunnerDirectory.allowedJump` allows.
    case sequenceJump
    /// A datagram for a runner bound to another address (`RunnerDirectory`).
    case addressMismatch
    /// A new runner id from an address that introduced `RunnerDirectory.runnersPerAddress` already.
    case runnerLimit
    /// A new runner id while every runner of the full directory is bound (bound runners are never evicted).
    case directoryFull
    /// A datagram that needs an answer bigger than itself (a clock ping, a boot) from an address that has
    /// not echoed our cookie yet.
    case unvalidatedSource
    /// An address echo that carries no cookie we sent to its source.
    case badCookie
    /// A boot whose epoch is ahead of our wall clock by more than `CatchUpRules.bootSkew`.
    case bootAhead
    /// A relayed state about our own runner: never adopted, whoever sends it (a restarted runner resumes
    /// from what it kept itself, `OwnStateStore`).
    case relayIgnored
    /// An invitation naming us from a source that had `LobbyPairing.heldPerSource` others held already:
    /// the one of them heard longest ago was forgotten for it.
    case invitationLimit
    /// In an invited race, a ghost chunk from a runner other than the race's host.
    case ghostNotHost
    /// A clock pong that would move the agreed offset further than `RaceClockSync` allows per exchange.
    case clockStep
    /// A cheer beyond its sender's rate (`CheerRate`).
    case cheerRate
    /// A datagram under the spectator key that is not presence (watching) or address validation, or that
    /// claims a runner of the race or comes from one's address: a spectator says nothing that counts.
    case spectatorForbidden
    /// A watch request while we are in no invited race (an open or passphrase race needs none): unanswered.
    case watchNotInvited
    /// A watch request from an identity that is not a paired mate of ours: answered with a refusal.
    case watchNotPaired
    /// A spectator: a grant that opened but came from a runner identity we are not paired with.
    case watchStranger

    /// Whether it points to a forgery, so the running screen says so (`SyncStatistics.refusedAbout`):
    /// a runner's id from another address, too many ids from one, a number or boot from the future, a
    /// forged echo, invitation flood, ghost or clock. Not what honest peers cause too: a relay of our own
    /// state after a restart, a mate's eager cheers, an address not validated yet, spectators (told apart).
    package var isForgerySign: Bool {
        switch self {
        case .sequenceJump, .addressMismatch, .runnerLimit, .directoryFull, .badCookie, .bootAhead, .invitationLimit,
             .ghostNotHost, .clockStep:
            true
        case .unvalidatedSource, .relayIgnored, .cheerRate, .spectatorForbidden, .watchNotInvited, .watchNotPaired, .watchStranger:
            false
        }
    }

    /// A short, stable name for counting refusals with the drops.
    package var reason: String {
        switch self {
        case .sequenceJump: "sequence-jump"
        case .addressMismatch: "address-mismatch"
        case .runnerLimit: "runner-limit"
        case .directoryFull: "directory-full"
        case .unvalidatedSource: "unvalidated-source"
        case .badCookie: "bad-cookie"
        case .bootAhead: "boot-ahead"
        case .relayIgnored: "relay-ignored"
        case .invitationLimit: "invitation-limit"
        case .ghostNotHost: "ghost-not-host"
        case .clockStep: "clock-step"
        case .cheerRate: "cheer-rate"
        case .spectatorForbidden: "spectator-forbidden"
        case .watchNotInvited: "watch-not-invited"
        case .watchNotPaired: "watch-not-paired"
        case .watchStranger: "watch-stranger"
        }
    }
}
