import Application
import Data
import Domain
import Foundation

// MARK: The agreed race clock in `run`

extension AppContainer {
    /// From now on the race clock follows the host's clock as `sync` estimates it (docs/PROTOCOL.md,
    /// "Race clock"): fixes, the session and every frame are stamped on it.
    func followRaceClock(of sync: UDPRaceSyncRepository, me: RunnerID) {
        clock.follow(AgreedRaceClock.Source(
            estimate: { sync.clockEstimate },
            isHostWithMates: { sync.clockHost(me: me) == me && sync.hasHeardClockMate }
        ))
    }

    /// The world clock on the agreed race clock, one reading per real second, for `run --clock-zones`.
    func makeAgreedWorldClock(zones: [TimeZone]) -> WorldClockRequest {
        WorldClockRequest(
            service: WorldClockService(repository: AgreedRaceClockRepository(clock: clock)), zones: zones, tick: clock.speedup
        )
    }

    /// Logs what `sync` did during a run: datagrams, drops, update sizes, the race clock.
    func logStatistics(of sync: UDPRaceSyncRepository, me: RunnerID) {
        let statistics = sync.statistics
        logger.info("sent \(statistics.datagramsSent) datagrams (\(statistics.bytesSent) bytes), received \(statistics.datagramsReceived), dropped \(statistics.droppedTotal) \(statistics.dropped.sorted { $0.key < $1.key })")
        for warning in statistics.authenticationWarnings { logger.warning("\(warning)") }
        let updates = sync.progressUpdateSizes
        logger.info("progress updates: \(updates.count) sent (\(updates.deltas) deltas), mean \(String(format: "%.2f", updates.mean)) bytes, max \(updates.maximum) bytes")
        let estimate = sync.clockEstimate
        let host = sync.clockHost(me: me)
        if let offset = estimate.offset, let uncertainty = estimate.uncertainty {
            let milliseconds = { (seconds: Double) in String(format: "%.3f ms", seconds * 1000) }
            logger.info("race clock: host \(host), offset \(milliseconds(offset)) ± \(milliseconds(uncertainty)) (best of \(estimate.exchanges.count) exchanges)")
        } else {
            logger.info("race clock: host \(host)\(host == me ? " (this runner)" : ", no exchange completed")")
        }
    }
}
