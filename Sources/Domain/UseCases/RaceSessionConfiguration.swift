import Foundation

/// How one run is set up. Every duration is in seconds of the race clock.
public struct RaceSessionConfiguration: Sendable {
    public var me: Runner
    public var terms: RaceTerms
    /// How many mates must be heard from before the run starts (0: start at once, alone).
    public var expectedMates: Int
    /// How long to wait for them before giving up.
    public var lobbyTimeout: TimeInterval
    /// Our state is sent again this often even when it has not changed, so that loss repairs itself.
    public var heartbeat: TimeInterval
    /// How much later than its time a heartbeat may come, to come in a wake-up that comes anyway (our
    /// fix, a mate's datagram) rather than one of its own (`RaceClock.sleep(until:tolerance:)`); 0 (the
    /// default): on time.
    public var heartbeatTolerance: TimeInterval
    /// A mate silent for longer than this is shown as lost.
    public var lostAfter: TimeInterval
    /// Once the result is known, we keep answering mates that are still heard from and do not have it
    /// yet; this is the longest we do so (a mate that falls silent for `lostAfter` is not waited for).
    public var resultLinger: TimeInterval
    /// Our runner's profile (weight for calories).
    public var profile: RunnerProfile
    /// The GPS noise filter's numbers for our own fixes.
    public var noiseFilter: NoiseFilterSettings
    /// The course our fixes are matched to, when the run has one (its terms are `terms.course`).
    public var course: LappedCourse?
    /// The course matcher's numbers.
    public var courseMatcher: CourseMatcherSettings
    /// Race-clock seconds per real second (`--speedup`): what a person is told about a wait is said in
    /// real seconds, `lobbyTimeout / speedup`.
    public var speedup: Double
    /// The least time between two steps made for mates' updates that only move them on; 0 (the
    /// default) steps for every batch (`RaceSessionState.receive`).
    public var stepSpacing: TimeInterval
    /// How much later than the spacing's end a step owed to mates' moves may be made, to be made in a
    /// wake-up that comes anyway (a mate's datagram, our fix) rather than one of its own
    /// (`RaceClock.sleep(until:tolerance:)`); 0 (the default): at the spacing's end.
    public var stepTolerance: TimeInterval
    /// The ghost we announce (`--ghost`): replayed from our start instant, on every peer. Never in a
    /// team run (a ghost's distance would count toward the team).
    public var ghost: GhostTrack?
    /// Whether ghosts rank behind every runner who ran: in an open race anyone on the network may
    /// announce one, so a stranger's ghost must not head the board.
    public var ghostsRankLast = false
    /// How long a mate heard under other terms (goal, mode, speed-up) may stand in for an expected mate
    /// before the wait ends with an error naming the difference (`RaceSessionError.otherTerms`), rather
    /// than after `lobbyTimeout`: long enough for the right mate to come too when two races share a network.
    public var mismatchGrace: TimeInterval = 5
    /// Whether the runners were agreed in a lobby (an invited race): anyone heard under other terms is
    /// one of them, and the run ends at once with the difference.
    public var matesAgreed = false
    /// In such a run, how long our state still goes out after a mate was heard under other terms, so
    /// that it hears ours (with a hello) and stops too, before the run ends with the difference.
    public var mismatchLinger: TimeInterval = 2

    /// A run's settings; the durations, profile and filter have defaults.
    public init(
        me: Runner,
        terms: RaceTerms,
        expectedMates: Int,
        lobbyTimeout: TimeInterval = 60,
        heartbeat: TimeInterval = 1,
        lostAfter: TimeInterval = 10,
        resultLinger: TimeInterval = 30,
        profile: RunnerProfile = .standard,
        noiseFilter: NoiseFilterSettings = .standard,
        course: LappedCourse? = nil,
        courseMatcher: CourseMatcherSettings = .standard,
        speedup: Double = 1,
        ghost: GhostTrack? = nil,
        stepSpacing: TimeInterval = 0,
        stepTolerance: TimeInterval = 0,
        heartbeatTolerance: TimeInterval = 0
    ) {
        self.me = me
        self.terms = terms
        self.expectedMates = expectedMates
        self.lobbyTimeout = lobbyTimeout
        self.heartbeat = heartbeat
        self.lostAfter = lostAfter
        self.resultLinger = resultLinger
        self.profile = profile
        self.noiseFilter = noiseFilter
        self.course = course
        self.courseMatcher = courseMatcher
        self.speedup = speedup
        self.ghost = terms.mode == .team ? nil : ghost
        self.stepSpacing = max(0, stepSpacing)
        self.stepTolerance = max(0, stepTolerance)
        self.heartbeatTolerance = max(0, heartbeatTolerance)
    }
}
