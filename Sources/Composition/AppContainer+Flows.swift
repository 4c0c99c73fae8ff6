import Application
import Data
import Domain
import Foundation
import FrontEndHosting
import Presentation
import SyncWire

// MARK: The launches of `run`, `watch` and `demo`, the flow of `clock`

extension AppContainer {
    /// `run`'s parts for `RunLaunch`, which decides which are made and when: the course and ghost files
    /// read from disk, the front-ends of `frontEnds`, the record store, identity, known mates, invited
    /// races and fetched courses in `data`'s folder, the race key of `raceKey`, the UDP transport (the
    /// race clock following the mates' from then on), DNS-SD discovery, positions from `location`.
    func makeRunLaunch(
        options: RunOptions, frontEnds: FrontEndOptions, data: DataDirOptions, raceKey: RaceKeyOptions,
        location: LocationOptions, sources: LocationSourceFactory? = nil
    ) -> RunLaunch<RaceKey, DeviceKeys> {
        let (logger, directory) = (logger, data.directory)
        let location = (sources ?? makeLocationSource(location, dataDirectory: directory)).location
        return RunLaunch(options: options, dependencies: .init(
            readCourse: { path in
                let file = try CourseFile(contentsOf: URL(fileURLWithPath: path))
                return CourseFileContents(course: file.course, terms: file.terms(laps: 1))
            },
            readGhostTrack: { url in
                let gpx = try GPXTrack(contentsOf: url)
                let points = gpx.pathSegments.flatMap { $0 }.map { ($0.coordinate, $0.time) }
                return GhostTrackFile(points: points, name: gpx.name)
            },
            environment: { makeEnvironment(try makeScreen(frontEnds)) },
            openStore: { try data.openStore(logger: logger) }, storeLocation: directory.path,
            pairing: { try makePairing(data: data) },
            raceKey: { try raceKey.load(logger: logger) },
            bindTransport: { settings in
                let races = settings.keepsInvitedRace ? InvitedRaceStore(directory: directory) : nil
                let transport = try await makeTransport(
                    port: settings.port, key: settings.key, identity: settings.pairing?.identity,
                    mates: settings.pairing?.mates, races: races, multicast: settings.multicast
                )
                followRaceClock(of: transport, me: settings.me)
                // Our own state and datagram numbers, kept for a restart with the same --id (never a mate's relay).
                if transport.keepOwnState(in: OwnStateStore(directory: directory), as: settings.me) {
                    logger.info("found the state this runner (\(settings.me)) kept before a restart: resuming from it")
                }
                let courses = CourseLibrary(store: CourseStore(dataDirectory: directory), transport: transport)
                return .init(transport: transport, courses: courses)
            },
            discovery: makeDiscovery, location: location, recorder: makeRecorder(store:),
            worldClock: makeAgreedWorldClock(zones:), logger: logger
        ))
    }

    /// `watch`'s parts for `SpectatorLaunch`: the front-ends of `frontEnds` (a spectator's), the race key
    /// of `raceKey`, identity and known mates in `data`'s folder, the UDP transport, DNS-SD discovery;
    /// the race also shown to `showing` (`--owntracks-publish`).
    func makeSpectatorLaunch(
        options: SpectatorOptions, frontEnds: FrontEndOptions, data: DataDirOptions, raceKey: RaceKeyOptions,
        showing: (any RaceShowing)? = nil
    ) -> SpectatorLaunch<RaceKey, DeviceKeys> {
        let logger = logger
        return SpectatorLaunch(options: options, dependencies: .init(
            environment: { makeEnvironment(try makeScreen(frontEnds, spectator: true)) },
            raceKey: { try raceKey.load(logger: logger) },
            pairing: { try makePairing(data: data) },
            bindTransport: { settings in
                try await makeTransport(
                    port: settings.port, key: settings.key, identity: settings.pairing?.identity,
                    mates: settings.pairing?.mates, watching: true
                )
            },
            discovery: makeDiscovery, showing: showing
        ))
    }

    /// `demo`'s parts for `DemoLaunch`: the front-ends of `frontEnds`, the record store in `data`'s
    /// folder, the race key of `raceKey`, UDP transports on loopback, simulated runners.
    func makeDemoLaunch(
        options: DemoOptions, frontEnds: FrontEndOptions, data: DataDirOptions, raceKey: RaceKeyOptions
    ) -> DemoLaunch<RaceKey> {
        let logger = logger
        return DemoLaunch(options: options, dependencies: .init(
            environment: { makeEnvironment(try makeScreen(frontEnds)) },
            openStore: { try data.openStore(logger: logger) },
            raceKey: { try raceKey.load(logger: logger) },
            bindTransport: { key in try await makeTransport(port: 0, host: "127.0.0.1", key: key) },
            location: { seconds, seed in
                makeLocationSource(LocationOptions(secondsPerKilometre: seconds, seed: seed)).simulated(course: nil)
            },
            recorder: { makeRecorder(store: $0, isDemo: true) }
        ))
    }

    /// The world clock of `zones` every `tick` seconds on `screen`, for `limit` readings (nil: until stopped).
    func makeWorldClockFlow(
        zones: [TimeZone], tick: TimeInterval, limit: Int?, screen: FrontEndHost
    ) -> WorldClockFlow {
        WorldClockFlow(
            request: makeWorldClock(zones: zones, tick: tick), limit: limit, environment: makeEnvironment(screen)
        )
    }

    /// The front-ends, clock, timings, interrupts and logger every flow draws with.
    func makeEnvironment(_ screen: FrontEndHost) -> FlowEnvironment {
        let (clock, tolerance) = (self.clock, timings.paceTolerance)
        return FlowEnvironment(
            screen: screen, clock: clock, timings: timings, interrupts: interrupts, logger: logger,
            errors: .standardError, startRaceTime: { clock.startRaceTime() },
            realSleep: { try await LoopSleep.realSleep(for: $0, tolerance: tolerance) },
            settle: { await LoopSleep.settle() }, interruptStatus: { InterruptSignals.exitStatus }
        )
    }
}
