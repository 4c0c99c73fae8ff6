import Domain
import Foundation
import Synchronization

/// Replays recorded positions (an NMEA log, a GPX track) on the injected race clock, in real time or
/// `speed` times faster: each point is yielded when the clock reaches its replay instant
/// (`ReplaySchedule`), stamped with that instant. The stream ends after the last point.
public struct ReplayLocationRepository: LocationRepository {
    /// The positions, in replay order.
    public let reports: [PositionReport]
    /// How many times faster than recorded the replay runs (1 = real time).
    public let speed: Double
    /// What reading the recording produced and skipped.
    public let statistics: SourceStatistics
    /// Whether the recording had no usable times and is replayed at a pace instead.
    public internal(set) var isPaced = false
    /// The kind of recording (for the board's source state).
    public let source: PositionStatus.Source
    private let offsets: [TimeInterval]
    private let clock: any RaceClock

    /// Replays `reports`; `speed` must be positive (values that are not are treated as 1).
    public init(
        reports: [PositionReport], speed: Double = 1, statistics: SourceStatistics = SourceStatistics(), source: PositionStatus.Source = .gpx,
        clock: any RaceClock
    ) {
        self.reports = reports
        self.source = source
        self.speed = speed.isFinite && speed > 0 ? speed : 1
        self.statistics = statistics
        self.offsets = ReplaySchedule.offsets(of: reports.map(\.time))
        self.clock = clock
    }

    /// The race-clock instants of each point, relative to the replay's start, at this speed.
    public var replayOffsets: [TimeInterval] { offsets.map { $0 / speed } }

    public func statuses() -> AsyncStream<PositionStatus> {
        PositionStatus.constant(PositionStatus(source: source, state: .replaying))
    }

    /// Each point when the clock reaches its instant, made when the consumer asks for it: the
    /// consumer's own task sleeps until it is due, with no task of the replay's in between (one task
    /// hop less per fix). A reader that falls behind (a loaded machine, a fast replay) gets each
    /// position late but none skipped, since a skipped stretch would be a jump the noise filter drops,
    /// with every point after it. The replay starts at `raceStart` (now when there is none, or it is
    /// still to come), so a late reader changes no point's instant. Ends after the last point, or when
    /// the consumer's task is cancelled.
    public func fixes(from raceStart: Date?) -> AsyncThrowingStream<Fix, any Error> {
        let (reports, offsets, speed, clock) = (reports, offsets, speed, clock)
        let now = clock.now
        let start = min(raceStart ?? now, now)
        // The index of the next point; the stream never asks again before its last ask returned.
        let next = Mutex(0)
        return AsyncThrowingStream {
            let index = next.withLock { $0 }
            guard index < reports.count else { return nil }
            let due = start.addingTimeInterval(offsets[index] / speed)
            do { try await clock.sleep(until: due) } catch { return nil }
            next.withLock { $0 = index + 1 }
            return reports[index].toDomain(timestamp: due)
        }
    }
}
