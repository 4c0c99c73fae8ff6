import Domain
import Foundation
import Logging
import NIOConcurrencyHelpers
import NIOCore
import NIOPosix

/// Positions from gpsd over its JSON protocol on TCP: on connect it reads the VERSION greeting, sends
/// `?WATCH={"enable":true,"json":true};` and turns every TPV with mode ≥ 2 into a fix stamped with
/// the race clock's time of arrival. Lines that are not JSON, too long, or without a fix are counted
/// and skipped. When gpsd goes away (restart, upgrade) it reconnects with `ReconnectBackoff`,
/// saying so in the log.
public final class GPSDLocationRepository: LocationRepository {
    /// Where gpsd listens.
    public let endpoint: GPSDEndpoint
    private let clock: any RaceClock
    private let logger: Logger
    private let backoff: ReconnectBackoff
    private let group: any EventLoopGroup
    private let statisticsBox = NIOLockedValueBox(SourceStatistics())
    private let statusBox = GPSDStatusBroadcast()

    /// A client of gpsd at `endpoint`; nothing connects until `fixes()` or `events()` is iterated.
    public init(
        endpoint: GPSDEndpoint = .standard,
        clock: any RaceClock,
        logger: Logger = Logger(label: "materunner.gpsd"),
        backoff: ReconnectBackoff = .standard,
        group: any EventLoopGroup = MultiThreadedEventLoopGroup.singleton
    ) {
        self.endpoint = endpoint
        self.clock = clock
        self.logger = logger
        self.backoff = backoff
        self.group = group
    }

    /// What was produced and skipped so far, over every connection.
    public var statistics: SourceStatistics { statisticsBox.withLockedValue { $0 } }

    /// The source's state (connecting, gpsd unreachable, no receiver, no fix yet, a fix and its accuracy) as
    /// the connection that `fixes()` or `events()` runs changes it: the current one first, then each change.
    public func statuses() -> AsyncStream<PositionStatus> {
        statusBox.statuses()
    }

    public func fixes(from raceStart: Date?) -> AsyncThrowingStream<Fix, any Error> {
        let events = events()
        let clock = self.clock
        let endpoint = self.endpoint
        let (stream, continuation) = AsyncThrowingStream.makeStream(of: Fix.self, bufferingPolicy: .bufferingNewest(64))
        let task = Task {
            for await event in events {
                switch event {
                case .report(let report): continuation.yield(report.toDomain(timestamp: clock.now))
                case .disconnected(let reason, nil):
                    continuation.finish(throwing: GPSDError.gaveUp(endpoint: endpoint, reason: reason))
                    return
                default: break
                }
            }
            continuation.finish()
        }
        continuation.onTermination = { _ in task.cancel() }
        return stream
    }

    /// The connection's life: connects, reconnects, reports, skips. Ends when the consumer stops or
    /// when the backoff has no attempt left.
    public func events() -> AsyncStream<GPSDEvent> {
        let (stream, continuation) = AsyncStream.makeStream(of: GPSDEvent.self, bufferingPolicy: .bufferingNewest(1024))
        let task = Task { [endpoint, clock, logger, backoff, group, statisticsBox, statusBox] in
            var failures = 0
            var duplicates = DuplicateReportFilter()
            // The reason last said at warning level: the same one again, each retry, goes to the debug log.
            var warned: String?
            while !Task.isCancelled {
                var reported = false
                var reason = "gpsd closed the connection"
                do {
                    try await GPSDSession.run(host: endpoint.host, port: endpoint.port, group: group) { message in
                        statusBox.update { $0.apply(message) }
                        let event: GPSDEvent?
                        switch message {
                        case .version(let release):
                            logger.info("connected to gpsd \(release.logSafe) at \(endpoint)")
                            event = .connected(release: release)
                        case .report(let report):
                            reported = true
                            event = duplicates.isNew(report) ? .report(report) : .skipped(.duplicate)
                        case .skipped(let skip): event = .skipped(skip)
                        case .deviceClosed(let path):
                            logger.warning("gpsd at \(endpoint) lost its receiver \(path.logSafe): no fixes until it is back")
                            event = .deviceClosed(path: path)
                        case .deviceOpened, .devices, .other: event = nil
                        }
                        guard let event else { return }
                        statisticsBox.withLockedValue { statistics in
                            switch event {
                            case .report: statistics.fixes += 1
                            case .skipped(let skip): statistics.skip(skip)
                            default: break
                            }
                        }
                        continuation.yield(event)
                    }
                } catch {
                    reason = "cannot reach gpsd (\(GPSDConnectionFailure.describe(error).logSafe))"
                }
                if Task.isCancelled { break }
                if reported { warned = nil }
                failures = reported ? 1 : failures + 1
                let delay = backoff.delay(afterFailures: failures)
                statusBox.update { $0.disconnected(retrying: delay != nil) }
                continuation.yield(.disconnected(reason: reason, retryIn: delay))
                guard let delay else {
                    logger.error("\(reason) at \(endpoint); giving up: start gpsd (systemctl start gpsd) or use --source sim")
                    break
                }
                if warned == reason {
                    logger.debug("\(reason) at \(endpoint); reconnecting in \(delay) s")
                } else {
                    logger.warning("\(reason) at \(endpoint); retrying quietly until it answers (is gpsd running? systemctl start gpsd, or --source sim)")
                    warned = reason
                }
                do { try await clock.sleep(for: delay) } catch { break }
            }
            continuation.finish()
        }
        continuation.onTermination = { _ in task.cancel() }
        return stream
    }
}
