import Data
import Domain
import Foundation
import FrontEndKit
import Logging
import NIOCore
import Presentation

/// The composition root: the one place that builds concrete repositories, use cases and view
/// models and wires them together.
struct AppContainer {
    let clock: AgreedRaceClock
    let logger: Logger

    init(speedup: Double, logger: Logger) {
        self.clock = AgreedRaceClock(speedup: speedup)
        self.logger = logger
    }

    // MARK: Data

    func makeSync(port: Int, host: String = "0.0.0.0", key: RaceKey? = nil) async throws -> UDPRaceSyncRepository {
        do {
            return try await UDPRaceSyncRepository.bind(host: host, port: port, key: key, clock: clock)
        } catch let error as SyncError {
            throw CLIError.runtime("\(error)")
        }
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

    /// Our TXT record while free.
    func advertisement(for me: Runner) -> MateAdvertisement {
        MateAdvertisement(version: Int(DatagramHeader.version), runnerID: me.id.description, name: me.name)
    }

    /// Registers us over DNS-SD and, when `browse`, finds mates and hands their addresses to `sync`.
    /// Throws a usage error with the fix when the daemon cannot be reached.
    /// A spectator browses without `register`ing: it is not a mate to be found.
    func startDiscovery(me: Runner, sync: UDPRaceSyncRepository, browse: Bool = true, register: Bool = true) throws -> DNSSDDiscoveryRepository {
        let discovery = DNSSDDiscoveryRepository()
        let instance = "\(me.name)-\(me.id.description.prefix(6))"
        do {
            if register {
                let registered = try discovery.register(name: instance, port: sync.localPort, advertisement: advertisement(for: me))
                logger.info("registered \(DNSSDDiscoveryRepository.serviceType) as '\(registered)' on UDP port \(sync.localPort)")
            }
            if browse { follow(try discovery.browse(), me: me, sync: sync) }
        } catch {
            discovery.stop()
            throw CLIError.usage("\(error)")
        }
        return discovery
    }

    private func follow(_ events: AsyncStream<DiscoveryEvent>, me: Runner, sync: UDPRaceSyncRepository) {
        let logger = self.logger
        Task {
            for await event in events {
                switch event {
                case .found(let mate) where mate.runnerID != me.id.description:
                    do {
                        sync.addPeer(try SocketAddress(ipAddress: mate.address, port: mate.port))
                        logger.info("found mate \(mate.runnerName) at \(mate.address):\(mate.port)")
                    } catch {
                        logger.warning("mate \(mate.runnerName) has an unusable address \(mate.address): \(error)")
                    }
                case .updated(let mate) where mate.runnerID != me.id.description:
                    logger.info("mate \(mate.runnerName) is now \(mate.txt["state"] ?? "?")")
                case .lost(let name):
                    logger.info("mate \(name) left the network")
                default:
                    break
                }
            }
        }
    }

    // MARK: Domain

    /// Session timings are given in real seconds and run on the (possibly sped-up) race clock.
    func makeSession(
        me: Runner, terms: RaceTerms, expectedMates: Int, lobbyTimeout: TimeInterval, profile: RunnerProfile = .standard,
        location: any LocationRepository, sync: any RaceSyncRepository
    ) -> RaceSession {
        let scale = clock.speedup
        let configuration = RaceSessionConfiguration(
            me: me, terms: terms, expectedMates: expectedMates,
            lobbyTimeout: lobbyTimeout * scale, heartbeat: 0.5 * scale, lostAfter: 10 * scale, resultLinger: 30 * scale,
            profile: profile
        )
        return RaceSession(configuration: configuration, location: location, sync: sync, clock: clock)
    }

    // MARK: Presentation

    /// The notice of an open race: short enough for a 40-column terminal.
    static let openRaceNotice = "open race: see --race-key-file"

    func makeRunningViewModel(race: any RaceSessionUseCase, cheers: (any CheerUseCase)? = nil) -> RunningViewModel {
        RunningViewModel(dependency: .init(race: race, cheers: cheers, clock: clock))
    }

    /// The world clock on the race clock: this machine's clock until a clock is agreed with peers.
    func makeWorldClockViewModel(zones: [TimeZone], tick: TimeInterval) -> WorldClockViewModel {
        let service = WorldClockService(repository: RaceClockRepository(clock: clock))
        return WorldClockViewModel(dependency: .init(service: service, zones: zones, clock: clock, tick: tick))
    }

    /// The binder of `host`'s front-ends, logging what it reports.
    func makeBinder(host: FrontEndHost) -> FrontEndBinder {
        let logger = self.logger
        return FrontEndBinder(screen: host, clock: clock) { report in
            switch report {
            case .rejected: logger.warning("\(report.message)")
            case .failed(let message): logger.error("\(message)")
            case .shown(let notice): logger.info("\(notice.message)")
            }
        }
    }

    /// Runs the view model with its outputs bound to the front-ends until the run is over; an open race
    /// (no race key) is announced first with a notice. Returns whether it ended without an error.
    func present(_ viewModel: RunningViewModel, on binder: FrontEndBinder, openRace: Bool = false, worldClock: [TimeZone]? = nil) async -> Bool {
        let signals = InterruptSignals()
        let output = viewModel.transform(input: binder.runningInput(stops: signals.stream))
        if openRace {
            logger.info("open race: anyone on this network can send progress; give every runner the same --race-key-file to close it")
            binder.show(Notice(level: .warning, message: Self.openRaceNotice))
        }
        let clock = worldClock.map(makeAgreedWorldClock)
        let succeeded = await binder.show(output, worldClock: clock?.output)
        clock?.close()
        signals.cancel()
        binder.shutdown()
        return succeeded
    }
}
