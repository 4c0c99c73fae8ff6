import Application
import Data
import Domain
import Foundation
import Logging
import Presentation
import SyncWire

/// The composition root: the one place that builds concrete repositories (Data), the front-ends, and
/// the flows (Application) they are handed to.
struct AppContainer {
    let clock: AgreedRaceClock
    let logger: Logger

    init(speedup: Double, logger: Logger) {
        self.clock = AgreedRaceClock(speedup: speedup)
        self.logger = logger
    }

    /// The run's timings on this container's (possibly sped-up) race clock.
    var timings: RunTimings { RunTimings(scale: clock.speedup) }

    /// Ctrl-C and SIGTERM, for as long as a flow reads them.
    var interrupts: @Sendable () -> AsyncStream<Void> { { InterruptSignals.listen() } }

    // MARK: Data

    func makeTransport(port: Int, host: String = "0.0.0.0", key: RaceKey? = nil, identity: DeviceKeys? = nil) async throws -> UDPRaceSyncRepository {
        do {
            return try await UDPRaceSyncRepository.bind(host: host, port: port, key: key, identity: identity, clock: clock)
        } catch let error as SyncError {
            throw CLIError.runtime("\(error)")
        }
    }

    /// Mate discovery over DNS-SD (through avahi-daemon on Linux).
    func makeDiscovery() -> any MateDiscoveryRepository {
        DNSSDDiscoveryRepository()
    }

    func makeLocation(pace: PaceArgument, seed: UInt64, jitter: Double = 0, pause: PauseArgument? = nil) -> SimulatedLocationRepository {
        SimulatedLocationRepository(
            profile: .init(paceSecondsPerKilometre: pace.secondsPerKilometre, seed: seed, jitterMetres: jitter, pause: pause?.pause),
            clock: clock
        )
    }

    /// The position source `--source` names. A file that cannot be used is a usage error. Replays play
    /// at recorded speed on the race clock: their xSPEED is the clock's speed-up (`replaySpeed`).
    func makeLocation(source: SourceArgument, simulated: () -> SimulatedLocationRepository) throws -> any LocationRepository {
        do {
            switch source {
            case .simulator:
                return simulated()
            case .gpsd(let endpoint):
                logger.info("positions from gpsd at \(endpoint)")
                return GPSDLocationRepository(endpoint: endpoint, clock: clock, logger: logger)
            case let .nmea(path, speed):
                let replay = try ReplayLocationRepository.nmea(contentsOf: URL(fileURLWithPath: path), clock: clock)
                logger.info("replaying \(path) x\(speed): \(replay.statistics.summary)")
                return replay
            case let .gpx(path, speed):
                let replay = try ReplayLocationRepository.gpx(contentsOf: URL(fileURLWithPath: path), clock: clock)
                logger.info("replaying \(path) x\(speed): \(replay.reports.count) points")
                return replay
            }
        } catch {
            throw CLIError.usage("\(error)")
        }
    }

    // MARK: Presentation

    /// The front-ends `options` name, loaded (a usage error naming the file and the reason otherwise);
    /// what the search path left out (relative folders of MATERUNNER_FRONTEND_PATH) is logged once.
    /// `spectator` (watch): the front-ends are told this program only watches, so none offers control.
    func makeScreen(_ options: FrontEndOptionGroup, spectator: Bool = false) throws -> FrontEndHost {
        let host = try options.launch(spectator: spectator)
        for warning in host.searchPath.warnings { logger.warning("\(warning)") }
        return host
    }

    /// The world clock on this machine's clock (`clock`), read every `tick` seconds.
    func makeWorldClock(zones: [TimeZone], tick: TimeInterval) -> WorldClockRequest {
        WorldClockRequest(service: WorldClockService(repository: RaceClockRepository(clock: clock)), zones: zones, tick: tick)
    }
}
