import Domain
import Foundation
import Logging
import NIOConcurrencyHelpers
import NIOCore
import NIOPosix
import Synchronization

/// A runner's phone as its position source: what its app sends arrives through a transport (an HTTP
/// endpoint on the LAN that the OwnTracks app in HTTP mode or Traccar Client posts to; the broker's MQTT
/// messages later) into `PhoneIngest`, which decides what each is worth. The transport starts when the
/// repository is made, so the phone can be set up and heard before the start; fixes count from when
/// `fixes()` is first iterated (the run's start), each at its own time, in time order, once
/// (`PhoneFixTimeline`), and then through the session's noise filter like gpsd's.
public final class PhoneLocationRepository: LocationRepository, RaceShowing {
    /// What brings a phone's messages to the ingest: started once, closed at the end.
    public typealias Transport =
        @Sendable (PhoneIngest, _ now: @escaping @Sendable () -> Date) async throws -> any PhoneTransport

    public let ingest: PhoneIngest
    private let clock: any RaceClock
    private let logger: Logger
    private let listening: Task<any PhoneTransport, any Error>
    private let friends = PhoneFriends()

    /// Starts `transport` for `ingest` (by default the HTTP endpoint on its spec's host and port);
    /// `fixes()` throws the transport's error (`SourceError.cannotListen`) when it cannot start.
    public init(ingest: PhoneIngest, clock: any RaceClock, logger: Logger, transport: Transport? = nil) {
        self.ingest = ingest
        self.clock = clock
        self.logger = logger
        let start = transport ?? Self.http(logger: logger)
        listening = Task { try await start(ingest, { clock.now }) }
    }

    /// The transport, once started (throws what stopped it from starting).
    public func started() async throws -> any PhoneTransport {
        try await listening.value
    }

    /// The HTTP endpoint of the ingest's spec (`PhoneHTTPServer`).
    public static func http(logger: Logger, group: any EventLoopGroup = MultiThreadedEventLoopGroup.singleton)
        -> Transport
    {
        { ingest, now in
            let spec = ingest.spec
            let server = try await PhoneHTTPServer.listen(
                host: spec.host, port: spec.port, ingest: ingest, now: now, group: group)
            logger.info("\(spec.app.rawValue): listening for the phone on \(spec.host):\(server.port)")
            return server
        }
    }

    /// The state of the phone's latest position (waiting for one; a 2D or 3D fix and its accuracy),
    /// now and at each change, looked at every real second.
    public func statuses() -> AsyncStream<PositionStatus> {
        let ingest = self.ingest
        let last = NIOLockedValueBox<PositionStatus?>(nil)
        return AsyncStream { () async -> PositionStatus? in
            while !Task.isCancelled {
                let status = ingest.status
                let changed = last.withLockedValue { previous in
                    defer { previous = status }
                    return previous != status
                }
                if changed { return status }
                do { try await Task.sleep(for: .seconds(1)) } catch { return nil }
            }
            return nil
        }
    }

    /// The phone's fixes from now on, in time order at their own time; ends when the consumer stops,
    /// throws when the port cannot be had.
    public func fixes(from raceStart: Date?) -> AsyncThrowingStream<Fix, any Error> {
        let (stream, continuation) = AsyncThrowingStream.makeStream(of: Fix.self, bufferingPolicy: .unbounded)
        let (ingest, clock, logger, listening) = (self.ingest, self.clock, self.logger, self.listening)
        let start = clock.now
        ingest.begin(at: start)
        let task = Task {
            do { _ = try await listening.value } catch {
                continuation.finish(throwing: error)
                return
            }
            // Held positions go when the timeline says (real seconds: a burst is the network's); with
            // none held, a look every second.
            var first = true
            while !Task.isCancelled {
                let wait = max(0.05, (ingest.nextRelease ?? ingest.monotonicNow + 1) - ingest.monotonicNow)
                do { try await Task.sleep(for: .seconds(wait)) } catch { break }
                for fix in ingest.release(monotonic: ingest.monotonicNow) {
                    if first {
                        first = false
                        let after = String(format: "%.1f", fix.timestamp.timeIntervalSince(start))
                        logger.info(
                            "\(ingest.spec.app.rawValue): first position \(after) s (race time) after the start")
                    }
                    continuation.yield(fix)
                }
            }
            continuation.finish()
        }
        continuation.onTermination = { _ in
            task.cancel()
            let statistics = ingest.statistics
            let worrying: Set<PhoneRefusal> = [
                .unauthorized, .tooLarge, .rateLimited, .plaintext, .undecryptable, .encryptedWithoutKey,
            ]
            let message: Logger.Message = "\(ingest.spec.app.rawValue): \(statistics.summary)"
            if statistics.refused.keys.contains(where: worrying.contains) {
                logger.warning(message)
            } else {
                logger.info(message)
            }
        }
        return stream
    }

    /// The race as the phone's app should show it: OwnTracks gets the mates as cards and locations in
    /// its replies.
    public func show(_ snapshot: RaceSnapshot) {
        if let json = friends.json(for: snapshot, at: clock.now) { ingest.show(friends: json) }
    }

    /// Stops the transport.
    public func close() async {
        listening.cancel()
        await (try? listening.value)?.close()
    }
}
