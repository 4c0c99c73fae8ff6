import Domain

/// What a run is built with: the repositories the composition root made and the flow environment.
/// Nothing here is a socket or a file to the flow: only protocols.
public struct RunDependencies: Sendable {
    /// Progress sync, messages and peer links.
    public var transport: any RaceTransport
    /// Makes the mate discovery, used when no peer was named.
    public var discovery: @Sendable () -> any MateDiscoveryRepository
    /// Makes the position source once the run is agreed, along the run's course if it has one (a bad
    /// file throws, saying what to do).
    public var location: @Sendable (LappedCourse?) throws -> any LocationRepository
    /// The courses of invited runs: an inviting host serves its `--course` through it, a joiner gets the
    /// host's course it did not bring (kept on this device, or fetched from the host); which of the two
    /// the run's role decides (`RunCourse`). Nil: only `--course` files, served to nobody.
    public var courses: (any CourseRepository)?
    /// Records the run as it goes.
    public var recorder: RunRecorder
    /// The world clock drawn beside the run, if asked for.
    public var worldClock: WorldClockRequest?
    /// The mates paired with this device (an invited run with identities); nil: no pairing rules.
    public var knownMates: (any KnownMatesRepository)?
    public var environment: FlowEnvironment

    /// A run's dependencies.
    public init(
        transport: any RaceTransport, discovery: @escaping @Sendable () -> any MateDiscoveryRepository,
        location: @escaping @Sendable (LappedCourse?) throws -> any LocationRepository, recorder: RunRecorder,
        worldClock: WorldClockRequest? = nil, knownMates: (any KnownMatesRepository)? = nil,
        courses: (any CourseRepository)? = nil, environment: FlowEnvironment
    ) {
        self.courses = courses
        self.knownMates = knownMates
        self.transport = transport
        self.discovery = discovery
        self.location = location
        self.recorder = recorder
        self.worldClock = worldClock
        self.environment = environment
    }
}
