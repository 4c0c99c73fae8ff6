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
            service: WorldClockService(repository: AgreedRaceClockRepository(clock: clock)), zones: zones,
            tick: clock.speedup
        )
    }
}
