import Application
import Data
import Domain
import Foundation
import Presentation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Each command from its parsed option values to its exit status: the one call the executable makes
/// per command. Errors are reported here (one line on standard error, `CommandRun`); nothing throws.
public enum Commands {
    /// Installs the one-thread executor (`ProcessExecutor`), then completes the command line from the
    /// environment and the config files (docs/CONFIG.md) and hands it to `parser`.
    public static func main(
        parser: CommandLineRun.Parser, arguments: [String], environment: [String: String]
    ) async -> CommandLineRun.Ending {
        // Before any task starts: every task and the sockets on one event loop.
        do {
            try ProcessExecutor.install(environment: environment)
        } catch {
            return .status(CommandRun.report(FlowError(error, otherwise: .software)))
        }
        return await CommandLineRun(parser: parser, errors: .standardError).run(
            arguments: arguments, environment: environment,
            files: { () throws(SettingsError) in try ConfigLocations(environment: environment).readFiles() }
        )
    }

    /// `run`: race the mates (or run alone), with positions from `location`, through `broker` when it names one.
    public static func run(
        _ options: RunOptions, location: LocationOptions, broker: BrokerOptions, frontEnds: FrontEndOptions,
        data: DataDirOptions, raceKey: RaceKeyOptions, logging: LoggingOptions
    ) async -> Int32 {
        await CommandRun.perform(logging) { logger in
            // A replay's xSPEED speeds the race clock up as --speedup does.
            let speedup = options.speedup * location.source.replaySpeed
            do { try location.check(broker: broker) } catch { throw FlowError.usage("\(error)") }
            let container = try await AppContainer(speedup: speedup, logger: logger)
                .connectingBroker(broker, phones: location.phonesUseBroker)
            // The phones' broker: an owntracks: source subscribes there, --owntracks-publish publishes there.
            let sources = try container.makeLocationSource(
                location, dataDirectory: data.directory, broker: try broker.settings()?.settings)
            let status = try await container.makeRunLaunch(
                options: options, frontEnds: frontEnds, data: data, raceKey: raceKey, location: location,
                sources: sources
            ).run()
            await sources.publisher?.close()
            return status
        }
    }

    /// `watch`: follow a race as a spectator, publishing it for the phones' OwnTracks apps with `ownTracksPublish`.
    public static func watch(
        _ options: SpectatorOptions, broker: BrokerOptions, frontEnds: FrontEndOptions, data: DataDirOptions,
        raceKey: RaceKeyOptions, logging: LoggingOptions, ownTracksPublish: OwnTracksPublishSpec? = nil
    ) async -> Int32 {
        await CommandRun.perform(logging) { logger in
            var publishing = LocationOptions()
            publishing.ownTracksPublish = ownTracksPublish
            do { try publishing.check(broker: broker) } catch { throw FlowError.usage("\(error)") }
            let container = try await AppContainer(speedup: options.speedup, logger: logger)
                .connectingBroker(broker, phones: ownTracksPublish != nil)
            let publisher = try container.makeLocationSource(
                publishing, dataDirectory: data.directory, broker: try broker.settings()?.settings
            ).publisher
            let status = try await container.makeSpectatorLaunch(
                options: options, frontEnds: frontEnds, data: data, raceKey: raceKey, showing: publisher
            ).run()
            await publisher?.close()
            return status
        }
    }

    /// `demo`: two simulated runners over loopback.
    public static func demo(
        _ options: DemoOptions, frontEnds: FrontEndOptions, data: DataDirOptions, raceKey: RaceKeyOptions,
        logging: LoggingOptions
    ) async -> Int32 {
        await CommandRun.perform(logging) { logger in
            try await AppContainer(speedup: options.speedup, logger: logger)
                .makeDemoLaunch(options: options, frontEnds: frontEnds, data: data, raceKey: raceKey).run()
        }
    }

    /// `peers`: the mates discovery finds, listed after `seconds` or, with `watch`, every change until
    /// interrupted; one JSON object a line with `json`.
    public static func peers(
        seconds: TimeInterval, watch: Bool, json: Bool, broker: BrokerOptions, logging: LoggingOptions
    ) async -> Int32 {
        await CommandRun.perform(logging) { logger in
            let container = try await AppContainer(speedup: 1, logger: logger).connectingBroker(broker)
            defer { container.broker?.close() }
            let flow = container.makePeersFlow()
            if watch {
                try await flow.watch(json: json, until: InterruptSignals.listenWithClosedOutput())
            } else {
                try await flow.list(after: seconds, json: json)
            }
            return 0
        }
    }

    /// `clock`: the world clock of `zones` (comma-separated) every `tick` seconds, `count` readings (nil:
    /// until stopped on a terminal, else one).
    public static func clock(
        zones: String, count: Int?, tick: TimeInterval, frontEnds: FrontEndOptions, logging: LoggingOptions
    ) async -> Int32 {
        await CommandRun.perform(logging) { logger in
            let container = AppContainer(speedup: 1, logger: logger)
            let screen = try container.makeScreen(frontEnds, standard: "clock")
            let limit = WorldClockFlow.limit(count: count, outputIsTerminal: isatty(STDOUT_FILENO) == 1)
            let zones = try TimeZoneList.parse(zones)
            return await container.makeWorldClockFlow(zones: zones, tick: tick, limit: limit, screen: screen).run()
        }
    }

    /// `records` (list, show, totals): `work` on the records in `data`'s folder.
    public static func records(data: DataDirOptions, _ work: (RecordsFlow) throws -> Void) async -> Int32 {
        await CommandRun.perform(LoggingOptions()) { logger in
            try work(try AppContainer(speedup: 1, logger: logger).makeRecordsFlow(data: data))
            return 0
        }
    }

    /// `export`: the run `id` as GPX to `gpx`, as an SVG chart to `chart` (`-`: standard output).
    public static func export(id: String, gpx: String?, chart: String?, data: DataDirOptions) async -> Int32 {
        await CommandRun.perform(LoggingOptions()) { logger in
            let flow = try AppContainer(speedup: 1, logger: logger).makeExportFlow(data: data)
            try flow.export(id: id, gpx: gpx, chart: chart)
            return 0
        }
    }

    /// `mates` (list, forget, add): `work` on the identity and known mates in `data`'s folder.
    public static func mates(data: DataDirOptions, _ work: (MatesFlow) throws -> Void) async -> Int32 {
        await CommandRun.perform(LoggingOptions()) { logger in
            try work(AppContainer(speedup: 1, logger: logger).makeMatesFlow(data: data))
            return 0
        }
    }
}
