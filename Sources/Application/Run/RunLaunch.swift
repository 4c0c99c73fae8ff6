import Domain
import Foundation
import Logging
import Presentation

/// A course file as the composition root reads it for `--course`: the course, and the terms naming it
/// (digest, file name, one lap's length) for one lap.
public struct CourseFileContents: Sendable {
    public var course: Course
    /// The terms for one lap; the launch sets the laps.
    public var terms: CourseTerms

    /// What a course file holds.
    public init(course: Course, terms: CourseTerms) {
        self.course = course
        self.terms = terms
    }
}

/// This device's identity and the mates it paired with (`materunner mates`): what an invited run, or a
/// spectator without a race key, binds its transport with. `Identity` is the keys' type, which only
/// the composition root knows.
public struct DevicePairing<Identity: Sendable>: Sendable {
    public var identity: Identity
    public var mates: any KnownMatesRepository

    /// A pairing.
    public init(identity: Identity, mates: any KnownMatesRepository) {
        self.identity = identity
        self.mates = mates
    }
}

/// `materunner run` from its checked options to its exit status: the course loaded (and logged), the
/// request made from the options and the course, the front-ends, the record store, the ghost loaded
/// along the course, the pairing asked for only when invited, the race key, the transport bound, the
/// `RunFlow` built and run, and its outcome as the exit status. The composition root hands over the
/// concrete parts as closures (`Dependencies`); which are made, in what order and from what, is
/// decided here. `RaceKey` and `Identity` are the race key's and the device keys' types, which only
/// the composition root knows.
public struct RunLaunch<RaceKey: Sendable, Identity: Sendable>: Sendable {
    /// What the transport is bound with.
    public struct TransportSettings: Sendable {
        /// The UDP port (`--port`, default `RunOptions.standardPort`).
        public var port: Int
        /// The race key; nil: an open race.
        public var key: RaceKey?
        /// The device's identity and known mates: an invited run (`--invite`, `--join`); nil otherwise.
        public var pairing: DevicePairing<Identity>?
        /// Whether the transport keeps the invited race in the data directory, for a restart (the same
        /// `--id`) to rejoin: an invited run.
        public var keepsInvitedRace: Bool
        /// `--multicast`.
        public var multicast: Bool
        /// Whose run: the race clock follows the mates' as this runner's transport estimates it.
        public var me: RunnerID

        /// Settings.
        public init(port: Int, key: RaceKey?, pairing: DevicePairing<Identity>?, keepsInvitedRace: Bool, multicast: Bool, me: RunnerID) {
            self.port = port
            self.key = key
            self.pairing = pairing
            self.keepsInvitedRace = keepsInvitedRace
            self.multicast = multicast
            self.me = me
        }
    }

    /// A bound transport, and the courses served or fetched over it (`RunDependencies.courses`).
    public struct Connection: Sendable {
        public var transport: any RaceTransport
        public var courses: (any CourseRepository)?

        /// A connection.
        public init(transport: any RaceTransport, courses: (any CourseRepository)?) {
            self.transport = transport
            self.courses = courses
        }
    }

    /// The concrete parts, made when the launch asks for them.
    public struct Dependencies: Sendable {
        /// Reads the course file at a path; throws saying why it cannot be a course.
        public var readCourse: @Sendable (String) throws -> CourseFileContents
        /// Reads a GPX track for `--ghost gpx:FILE`.
        public var readGhostTrack: @Sendable (URL) throws -> GhostTrackFile
        /// Loads the front-ends: the environment every flow draws with.
        public var environment: @Sendable () throws -> FlowEnvironment
        /// Opens the record store.
        public var openStore: @Sendable () throws -> any RunRecordRepository
        /// Where the record store is, for messages (`RecordLookup`).
        public var storeLocation: String
        /// This device's identity and known mates.
        public var pairing: @Sendable () throws -> DevicePairing<Identity>
        /// The race key; nil for an open race.
        public var raceKey: @Sendable () throws -> RaceKey?
        /// Binds the transport.
        public var bindTransport: @Sendable (TransportSettings) async throws -> Connection
        /// Makes the mate discovery.
        public var discovery: @Sendable () -> any MateDiscoveryRepository
        /// Makes the position source once the run is agreed (`RunDependencies.location`).
        public var location: @Sendable (LappedCourse?) throws -> any LocationRepository
        /// A recorder writing one new run into a store.
        public var recorder: @Sendable (any RunRecordRepository) -> RunRecorder
        /// The world clock on the agreed race clock for some zones (`--clock-zones`).
        public var worldClock: @Sendable ([TimeZone]) -> WorldClockRequest
        /// Where the course and the ghost are logged.
        public var logger: Logger

        /// The parts.
        public init(
            readCourse: @escaping @Sendable (String) throws -> CourseFileContents,
            readGhostTrack: @escaping @Sendable (URL) throws -> GhostTrackFile,
            environment: @escaping @Sendable () throws -> FlowEnvironment,
            openStore: @escaping @Sendable () throws -> any RunRecordRepository, storeLocation: String,
            pairing: @escaping @Sendable () throws -> DevicePairing<Identity>,
            raceKey: @escaping @Sendable () throws -> RaceKey?,
            bindTransport: @escaping @Sendable (TransportSettings) async throws -> Connection,
            discovery: @escaping @Sendable () -> any MateDiscoveryRepository,
            location: @escaping @Sendable (LappedCourse?) throws -> any LocationRepository,
            recorder: @escaping @Sendable (any RunRecordRepository) -> RunRecorder,
            worldClock: @escaping @Sendable ([TimeZone]) -> WorldClockRequest,
            logger: Logger
        ) {
            self.readCourse = readCourse
            self.readGhostTrack = readGhostTrack
            self.environment = environment
            self.openStore = openStore
            self.storeLocation = storeLocation
            self.pairing = pairing
            self.raceKey = raceKey
            self.bindTransport = bindTransport
            self.discovery = discovery
            self.location = location
            self.recorder = recorder
            self.worldClock = worldClock
            self.logger = logger
        }
    }

    let options: RunOptions
    let dependencies: Dependencies

    /// A launch of the run `options` ask for, from `dependencies`.
    public init(options: RunOptions, dependencies: Dependencies) {
        self.options = options
        self.dependencies = dependencies
    }

    /// Runs until the race is over, was stopped or cancelled; returns the exit status
    /// (`RunOutcome.exitStatus`). Throws a `FlowError` when the run cannot start.
    public func run() async throws -> Int32 {
        try await flow().run().exitStatus
    }

    /// The run, every part made: options refused by `RunOptions.check()` are a usage error before anything
    /// is read or opened.
    func flow() async throws -> RunFlow {
        do { try options.check() } catch { throw FlowError.usage(error.description) }
        let dependencies = self.dependencies
        let course = try loadCourse()
        var request = try options.request(course: course?.course, courseTerms: course?.terms)
        let environment = try dependencies.environment()
        let store = try dependencies.openStore()
        // A joiner races the host's ghost, a team run none: `check()` refuses --ghost with either.
        if let source = options.ghost {
            request.ghost = try ghost(source, store: store, course: course?.course, goal: request.terms.goal)
        }
        let pairing = options.isInvited ? try dependencies.pairing() : nil
        let key = try dependencies.raceKey()
        let connection = try await dependencies.bindTransport(TransportSettings(
            port: options.port ?? RunOptions.standardPort, key: key, pairing: pairing, keepsInvitedRace: options.isInvited,
            multicast: options.multicast, me: request.me.id
        ))
        let worldClock = try options.clockZones.map { try dependencies.worldClock(TimeZoneList.parse($0)) }
        return RunFlow(request: request, dependencies: RunDependencies(
            transport: connection.transport, discovery: dependencies.discovery, location: Self.location(dependencies.location),
            recorder: dependencies.recorder(store), worldClock: worldClock, knownMates: pairing?.mates,
            courses: connection.courses, environment: environment
        ))
    }

    /// `make`, whose errors are `FlowError`s: a position source that cannot be made (a replay's file
    /// missing, not GPX) is of the class its error knows (no input, bad data), else a usage error.
    static func location(
        _ make: @escaping @Sendable (LappedCourse?) throws -> any LocationRepository
    ) -> @Sendable (LappedCourse?) throws -> any LocationRepository {
        { course in
            do { return try make(course) } catch { throw FlowError(error, otherwise: .usage) }
        }
    }

    /// The course of `--course` and `--laps`, with its terms, or nil without one; a file that cannot be
    /// a course is a usage error saying why (unless the error knows its fault: a missing file is no input).
    func loadCourse() throws(FlowError) -> (course: LappedCourse, terms: CourseTerms)? {
        guard let path = options.coursePath else { return nil }
        let laps = options.laps
        do {
            let file = try dependencies.readCourse(path)
            let lapped = try LappedCourse(course: file.course, laps: laps)
            dependencies.logger.info("course \(file.course.name) from \(path): \(Int(lapped.totalLength)) m\(laps > 1 ? " in \(laps) laps" : ""), \(file.course.points.count) points, digest \(file.terms.digest)")
            var terms = file.terms
            terms.laps = lapped.laps
            // One lap as it is run: with the closing segment back to the start when there are several, as
            // the board, the frames and the records all say it (not 2.72 km here, 2.69 km there).
            terms.lengthCentimetres = UInt32((lapped.lapLength * 100).rounded())
            return (lapped, terms)
        } catch {
            throw FlowError(error, otherwise: .usage)
        }
    }

    /// The ghost `source` names, replayed as this race measures its runners (`GhostLoader`): along
    /// `course` when there is one.
    func ghost(_ source: GhostSource, store: any RunRecordRepository, course: LappedCourse?, goal: RaceGoal) throws(FlowError) -> GhostTrack {
        let track = try GhostLoader(course: course, goal: goal).ghost(
            from: source, lookup: RecordLookup(records: store, storeLocation: dependencies.storeLocation), readTrack: dependencies.readGhostTrack
        )
        dependencies.logger.info("ghost \(track.name): \(track.centimetres.count) samples every \(track.step) s, \(Int(track.finalDistance)) m in \(Int(track.duration)) s")
        return track
    }
}
