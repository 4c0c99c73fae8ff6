import Domain
import Logging

/// Tells the network when our run starts: a `LocationRepository` wrapper that, when the race session
/// first asks for positions (the lobby is over, the race is on), advertises `running` with the race
/// id — the race's public id, the same on every runner (`RacePeersRepository.publicRaceID`) — so mates
/// see we are busy and which runners race together.
struct RunStateAnnouncer: LocationRepository {
    let wrapped: any LocationRepository
    let discovery: any MateDiscoveryRepository
    /// Read when the run starts (an open race's id needs a mate's hello).
    let raceID: @Sendable () -> String?
    let logger: Logger

    func statuses() -> AsyncStream<PositionStatus> {
        wrapped.statuses()
    }

    func fixes() -> AsyncThrowingStream<Fix, any Error> {
        Self.announceRunning(raceID(), on: discovery, logger: logger)
        return wrapped.fixes()
    }

    /// Advertises `running` in race `raceID`; a failure is a warning (discovery is not the race).
    static func announceRunning(_ raceID: String?, on discovery: any MateDiscoveryRepository, logger: Logger) {
        do {
            try discovery.announce(.running, raceID: raceID)
            logger.info("advertising state=running race=\(raceID ?? "(none yet)")")
        } catch {
            logger.warning("could not update the DNS-SD TXT record to running: \(error)")
        }
    }
}
