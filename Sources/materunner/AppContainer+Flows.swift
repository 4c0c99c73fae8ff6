import Application
import Data
import Domain
import Foundation
import Presentation
import SyncWire

// MARK: The flows of `run`, `watch`, `demo` and `clock`

extension AppContainer {
    /// A run of `request` over `transport`, drawn on `screen`, recorded into `store`; positions from
    /// `location`; the world clock beside it for `clockZones`. The race clock follows the mates'. The
    /// courses of an invited run are served over `transport`, or fetched over it and kept in
    /// `dataDirectory` (the flow decides which, from the request).
    func makeRunFlow(
        request: RunRequest, transport: UDPRaceSyncRepository, screen: FrontEndHost, store: any RunRecordRepository,
        location: @escaping @Sendable (LappedCourse?) throws -> any LocationRepository, clockZones: [TimeZone]?,
        knownMates: (any KnownMatesRepository)? = nil, dataDirectory: URL
    ) -> RunFlow {
        let courses = CourseLibrary(store: CourseStore(dataDirectory: dataDirectory), transport: transport)
        followRaceClock(of: transport, me: request.me.id)
        return RunFlow(request: request, dependencies: RunDependencies(
            transport: transport, discovery: makeDiscovery, location: location, recorder: makeRecorder(store: store),
            worldClock: clockZones.map(makeAgreedWorldClock), knownMates: knownMates, courses: courses,
            environment: makeEnvironment(screen)
        ))
    }

    /// A spectator `me` of the race at `peers` (or found over DNS-SD), drawn on `screen`.
    func makeSpectatorFlow(me: Runner, peers: [PeerAddress], wait: TimeInterval, transport: UDPRaceSyncRepository, screen: FrontEndHost) -> SpectatorFlow {
        SpectatorFlow(
            me: me, peers: peers, wait: wait, transport: transport, discovery: makeDiscovery, environment: makeEnvironment(screen)
        )
    }

    /// Alice and Bob on two loopback sockets, simulated at their paces; Alice's race drawn and recorded.
    func makeDemoFlow(terms: RaceTerms, seed: UInt64, key: RaceKey?, screen: FrontEndHost, store: any RunRecordRepository) async throws -> DemoFlow {
        let entrant = { (name: String, seconds: Double, seed: UInt64) async throws -> DemoFlow.Entrant in
            DemoFlow.Entrant(
                runner: Runner(id: .random(), name: name), transport: try await makeTransport(port: 0, host: "127.0.0.1", key: key),
                location: makeLocation(pace: PaceArgument(secondsPerKilometre: seconds), seed: seed)
            )
        }
        return DemoFlow(
            terms: terms, shown: try await entrant("alice", 320, seed), other: try await entrant("bob", 315, seed &+ 1),
            recorder: makeRecorder(store: store), environment: makeEnvironment(screen)
        )
    }

    /// The world clock of `zones` every `tick` seconds on `screen`, for `limit` readings (nil: until stopped).
    func makeWorldClockFlow(zones: [TimeZone], tick: TimeInterval, limit: Int?, screen: FrontEndHost) -> WorldClockFlow {
        WorldClockFlow(request: makeWorldClock(zones: zones, tick: tick), limit: limit, environment: makeEnvironment(screen))
    }

    /// The front-ends, clock, timings, interrupts and logger every flow draws with.
    func makeEnvironment(_ screen: FrontEndHost) -> FlowEnvironment {
        let clock = self.clock
        return FlowEnvironment(
            screen: screen, clock: clock, timings: timings, interrupts: interrupts, logger: logger, errors: .standardError,
            startRaceTime: { clock.startRaceTime() }
        )
    }
}
