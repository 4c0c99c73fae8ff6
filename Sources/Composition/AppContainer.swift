import Application
import Data
import Domain
import Foundation
import FrontEndHosting
import Logging
import Presentation
import SyncWire

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The composition root: the one place that builds concrete repositories (Data), the front-ends, and
/// the flows (Application) they are handed to. The executable parses a command's options into the
/// option values here (`RunOptions`, `NetworkOptions`, `BrokerOptions`, …) and makes one call (`Commands`).
public struct AppContainer: Sendable {
    public let clock: AgreedRaceClock
    public let logger: Logger
    /// The MQTT broker's session, with `--broker`: the transport and discovery go through it (AppContainer+Broker).
    public internal(set) var broker: BrokerSession?
    /// `--broker-lan`: the LAN interface the broker's race also uses, as a shortcut.
    public internal(set) var brokerLAN: String?

    /// A container whose race clock runs `speedup` times faster once a flow starts race time (the
    /// lobby before it is real).
    public init(speedup: Double, logger: Logger) {
        self.clock = AgreedRaceClock(speedup: speedup, raceTimeStarted: false)
        self.logger = logger
    }

    /// The most mates a run may wait for: the sync transport's capacity (`RunOptions.maximumMates`).
    public static let maximumMates = UDPRaceSyncRepository.maximumPeers

    /// The run's timings on this container's (possibly sped-up) race clock.
    var timings: RunTimings { RunTimings(scale: clock.speedup) }

    /// Ctrl-C, SIGTERM and a closed standard output (`… | head -1`), for as long as a flow reads them.
    var interrupts: @Sendable () -> AsyncStream<Void> { { InterruptSignals.listenWithClosedOutput() } }

    // MARK: Data

    /// The sync transport: through the broker with `--broker`, else UDP on `host`:`port`; a port that
    /// cannot be bound is a `FlowError` (unavailable) saying what to do.
    func makeTransport(
        port: Int, host: String = "0.0.0.0", key: RaceKey? = nil, identity: DeviceKeys? = nil,
        mates: (any KnownMatesRepository)? = nil, races: InvitedRaceStore? = nil, watching: Bool = false,
        multicast: Bool = false
    ) async throws -> UDPRaceSyncRepository {
        if let broker {
            return try await makeBrokerTransport(
                broker, key: key, identity: identity, mates: mates, races: races, watching: watching,
                multicast: multicast
            )
        }
        do {
            return try await UDPRaceSyncRepository.bind(
                host: host, port: port, key: key, identity: identity, mates: mates, races: races, watching: watching,
                multicast: multicast, clock: clock, logger: logger
            )
        } catch let error as SyncError {
            throw FlowError(error, otherwise: .unavailable)
        }
    }

    /// Mate discovery: the broker's presence with `--broker`, else DNS-SD (through avahi-daemon on Linux).
    func makeDiscovery() -> any MateDiscoveryRepository {
        if let broker { return BrokerMateDiscovery(session: broker) }
        return DNSSDDiscoveryRepository()
    }

    /// The position source `options` name, for `RunLaunch` to make once the run is agreed
    /// (`LocationSourceFactory`: the simulator, gpsd, a phone, or a replay on this container's race
    /// clock, whose speed-up is the replay's xSPEED). A phone keeps its credentials in `dataDirectory`.
    func makeLocationSource(_ options: LocationOptions, dataDirectory: URL? = nil) -> LocationSourceFactory {
        LocationSourceFactory(
            spec: options.source, secondsPerKilometre: options.secondsPerKilometre, seed: options.seed,
            jitter: options.jitter, fixRate: options.fixRate, pause: options.pause, dataDirectory: dataDirectory,
            clock: clock, logger: logger
        )
    }

    /// `makeLocationSource`, with the phones' MQTT `broker` (`--broker`): where an `owntracks:USER/DEVICE`
    /// phone publishes, and where `--owntracks-publish` puts the race (its publisher connecting from now on).
    func makeLocationSource(
        _ options: LocationOptions, dataDirectory: URL?, broker: BrokerSettings?
    ) throws(SourceError) -> LocationSourceFactory {
        var factory = makeLocationSource(options, dataDirectory: dataDirectory)
        factory.broker = broker
        if let spec = options.ownTracksPublish { factory.publisher = try factory.racePublisher(spec) }
        return factory
    }

    // MARK: Presentation

    /// The front-ends `options` name, loaded (a usage error naming the file and the reason otherwise);
    /// what the search path left out (relative folders of MATERUNNER_FRONTEND_PATH) is logged once.
    /// `spectator` (watch): the front-ends are told this program only watches, so none offers control.
    func makeScreen(
        _ options: FrontEndOptions, standard: String = "text", spectator: Bool = false
    ) throws -> FrontEndHost {
        divertLogs(to: try options.launch(standard: standard, spectator: spectator))
    }

    /// `host`, after the search path's warnings are logged; while it draws a board on the terminal that
    /// standard error shares, warnings become notices on it (`LogSetup.divert`), stamped by `clock`.
    @discardableResult
    func divertLogs(to host: FrontEndHost) -> FrontEndHost {
        for warning in host.searchPath.warnings { logger.warning("\(warning)") }
        if host.ownsTerminal, isatty(STDERR_FILENO) == 1 {
            let clock = clock
            LogSetup.divert { level, message in
                host.showLog(level: level >= .error ? "error" : "warning", message: message, at: clock.now)
            }
        }
        return host
    }

    /// The world clock on this machine's clock (`clock`), read every `tick` seconds.
    func makeWorldClock(zones: [TimeZone], tick: TimeInterval) -> WorldClockRequest {
        WorldClockRequest(
            service: WorldClockService(repository: RaceClockRepository(clock: clock)), zones: zones, tick: tick
        )
    }
}
