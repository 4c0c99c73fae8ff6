import Domain
import Foundation

/// What a person asked a run to be: who runs, toward what, with whom and how the mates agree.
public struct RunRequest: Sendable {
    /// How the runners come together.
    public enum Role: Sendable, Equatable {
        /// No invitation: the run starts once `mates` mates have been heard (0: alone).
        case open(mates: Int)
        /// Invites the mates named (found on the network or at the peers), who answer within `answerWithin` seconds.
        case host(invitees: [String], answerWithin: TimeInterval)
        /// Waits for an invitation, answered from the front-ends, or at once from `acceptFrom`'s host.
        case joiner(acceptFrom: String?)
    }

    /// Our runner.
    public var me: Runner
    /// The mode and goal asked for (an invited run takes the host's).
    public var terms: RaceTerms
    /// Our weight, for calories.
    public var profile: RunnerProfile
    /// Mates named on the command line; empty: found over mate discovery.
    public var peers: [PeerAddress]
    public var role: Role
    /// Real seconds to wait for mates (or, joining, for an invitation).
    public var wait: TimeInterval
    /// The course of `--course` with its laps (its terms are `terms.course`).
    public var course: LappedCourse?
    /// The ghost of `--ghost`, announced by this runner (`GhostLoader`); nil without one.
    public var ghost: GhostTrack?
    /// Fixes reporting a larger horizontal error, in metres, are dropped (`--max-accuracy`).
    public var maximumAccuracy: Double

    /// A run of `me` toward `terms`, on `course` if there is one.
    public init(
        me: Runner, terms: RaceTerms, profile: RunnerProfile, peers: [PeerAddress], role: Role, wait: TimeInterval,
        course: LappedCourse? = nil, maximumAccuracy: Double = NoiseFilterSettings.standard.maximumAccuracy
    ) {
        self.maximumAccuracy = maximumAccuracy
        self.course = course
        self.me = me
        self.terms = terms
        self.profile = profile
        self.peers = peers
        self.role = role
        self.wait = wait
    }

    /// The mates the session waits for before it starts: none after a lobby (it agreed who runs).
    var expectedMates: Int {
        if case .open(let mates) = role { return mates }
        return 0
    }

    /// Whether the runners meet in a lobby first.
    var hasLobby: Bool {
        if case .open = role { return false }
        return true
    }

    /// The terms a run without a lobby starts with: alone is a single run.
    var openTerms: RaceTerms {
        RaceTerms(mode: role == .open(mates: 0) ? .single : terms.mode, goal: terms.goal, course: terms.course)
    }
}
