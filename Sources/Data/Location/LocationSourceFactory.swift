import Domain
import Foundation
import Logging

/// The position source `run --source` names (`LocationSourceSpec`), made once the run is agreed: which
/// repository is built, from what, and the line logged for it. The simulator (the default) runs along
/// the run's course when there is one, at `secondsPerKilometre`, from `seed`; gpsd is a client that
/// connects only when read; a replay opens its file now (what it holds is logged) and plays at recorded
/// speed on `clock`, whose speed-up is its xSPEED (`LocationSourceSpec.replaySpeed`); an untimed GPX
/// replays at `secondsPerKilometre`.
public struct LocationSourceFactory: Sendable {
    /// What `--source` says.
    public let spec: LocationSourceSpec
    /// `--pace`: the simulator's, and an untimed GPX replay's.
    public let secondsPerKilometre: Double
    /// The simulator's seed: `--seed`, else a random one drawn once, so that every source made from
    /// this factory is the same runner.
    public let seed: UInt64
    /// `--jitter`: the simulator's noise, in metres.
    public let jitter: Double
    /// `--fix-rate`: the simulator's fixes a second.
    public let fixRate: Double
    /// `--pause`: the simulator's pauses.
    public let pause: SimulatedLocationRepository.Profile.Pause?
    /// The runner's data folder: a phone source keeps its credentials there (`PhoneCredentialsStore`).
    public let dataDirectory: URL?
    let clock: any RaceClock
    let logger: Logger
    /// `--broker`: where an `owntracks:USER/DEVICE` phone publishes, and where the race is published.
    public var broker: BrokerSettings?
    /// `--owntracks-publish`: the race on the broker as OwnTracks devices; every source made is shown to it.
    public var publisher: OwnTracksRacePublisher?

    /// A factory of the source `spec` names; a nil `seed` draws one (`randomSeed()`).
    public init(
        spec: LocationSourceSpec = .simulator, secondsPerKilometre: Double = 360, seed: UInt64? = nil, jitter: Double = 0,
        fixRate: Double = 1, pause: SimulatedLocationRepository.Profile.Pause? = nil, dataDirectory: URL? = nil,
        clock: any RaceClock, logger: Logger
    ) {
        self.dataDirectory = dataDirectory
        self.spec = spec
        self.secondsPerKilometre = secondsPerKilometre
        self.seed = seed ?? Self.randomSeed()
        self.jitter = jitter
        self.fixRate = fixRate
        self.pause = pause
        self.clock = clock
        self.logger = logger
    }

    /// A random simulator seed, never 0: what `--seed` defaults to.
    public static func randomSeed() -> UInt64 {
        UInt64.random(in: 1...UInt64.max)
    }

    /// The source, made for a run on `course` (nil: none). A file that cannot be replayed throws its
    /// `SourceError` (a missing or unreadable file: no input; not GPX, or no position: bad data).
    public func make(course: LappedCourse?) throws(SourceError) -> any LocationRepository {
        let source = try makeSource(course: course)
        guard let publisher else { return source }
        return ShowingLocationRepository(wrapped: source, also: publisher) { publisher.track($0) }
    }

    private func makeSource(course: LappedCourse?) throws(SourceError) -> any LocationRepository {
        switch spec {
        case .simulator:
            return simulated(course: course)
        case .gpsd(let endpoint):
            logger.info("positions from gpsd at \(endpoint)")
            return GPSDLocationRepository(endpoint: endpoint, clock: clock, logger: logger)
        case let .nmea(path, speed):
            let replay = try ReplayLocationRepository.nmea(contentsOf: URL(fileURLWithPath: path), clock: clock)
            logger.info("replaying \(path) x\(speed): \(replay.statistics.summary)")
            return replay
        case let .gpx(path, speed):
            let replay = try ReplayLocationRepository.gpx(contentsOf: URL(fileURLWithPath: path), pace: secondsPerKilometre, clock: clock)
            logger.info("replaying \(path) x\(speed): \(replay.reports.count) points\(replay.isPaced ? " without times, at --pace" : "")")
            return replay
        case .phone(let phone):
            return try self.phone(phone)
        }
    }

    /// The phone source of `spec`, with the credentials kept in the data folder (made on first use),
    /// listening from now on; the link and QR code that set the phone up go to standard error.
    public func phone(_ spec: PhoneSourceSpec) throws(SourceError) -> PhoneLocationRepository {
        let store = credentialsStore
        let credentials = try store.load()
        var transport: PhoneLocationRepository.Transport?
        let host = PhoneSetup.reachableHost(listeningOn: spec.host)
        var setup = PhoneSetup(spec: spec, credentials: credentials, host: host)
        if spec.app == .ownTracksBroker {
            guard let broker else { throw .needsBroker(spec.description) }
            setup.broker = broker.url
            let logger = logger
            transport = { ingest, now in
                let subscription = try await OwnTracksBrokerTransport.connect(broker, ingest: ingest, now: now)
                logger.info("owntracks: listening for the phone on \(subscription.topic) at \(broker.url)")
                return subscription
            }
        }
        logger.info("\(spec.app.rawValue): the phone's credentials are in \(store.url.path)")
        setup.print(to: FileHandle.standardError)
        let ingest = PhoneIngest(spec: spec, credentials: credentials, logger: logger)
        return PhoneLocationRepository(ingest: ingest, clock: clock, logger: logger, transport: transport)
    }

    /// The phones' credentials, kept in the data folder.
    var credentialsStore: PhoneCredentialsStore {
        let directory = dataDirectory
            ?? FileManager.default.homeDirectoryForCurrentUser.appendingPathComponent(".local/share/materunner")
        return PhoneCredentialsStore(directory: directory)
    }

    /// The race published on `broker` as `spec` says (`--owntracks-publish`), sealed with the key of the
    /// phones' credentials when `spec.encrypted`; connecting from now on.
    public func racePublisher(_ spec: OwnTracksPublishSpec) throws(SourceError) -> OwnTracksRacePublisher {
        guard let broker else { throw .needsBroker("--owntracks-publish \(spec.prefix)") }
        let cipher = spec.encrypted ? OwnTracksCipher(passphrase: try credentialsStore.load().encryptionKey) : nil
        let clock = clock
        return OwnTracksRacePublisher(settings: broker, spec: spec, cipher: cipher, now: { clock.now }, logger: logger)
    }

    /// The simulated runner of this factory's pace, seed, jitter, fix rate and pauses, along `course` when given.
    public func simulated(course: LappedCourse?) -> SimulatedLocationRepository {
        SimulatedLocationRepository(
            profile: .init(
                paceSecondsPerKilometre: secondsPerKilometre, interval: 1 / fixRate, seed: seed, jitterMetres: jitter, pause: pause,
                course: course
            ),
            clock: clock
        )
    }

    /// `make(course:)` as the run launch takes it (`RunLaunch.Dependencies.location`).
    public var location: @Sendable (LappedCourse?) throws -> any LocationRepository {
        { course in try make(course: course) }
    }
}
