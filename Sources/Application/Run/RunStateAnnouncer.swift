import Domain
import Logging

/// Tells the network when our run starts: a `LocationRepository` wrapper that, when the race session
/// first asks for positions (the lobby is over, the race is on), advertises `running` with the race
/// id, so mates see we are busy.
struct RunStateAnnouncer: LocationRepository {
    let wrapped: any LocationRepository
    let discovery: any MateDiscoveryRepository
    let raceID: String
    let logger: Logger

    func statuses() -> AsyncStream<PositionStatus> {
        wrapped.statuses()
    }

    func fixes() -> AsyncThrowingStream<Fix, any Error> {
        do {
            try discovery.announce(.running, raceID: raceID)
            logger.info("advertising state=running race=\(raceID)")
        } catch {
            logger.warning("could not update the DNS-SD TXT record to running: \(error)")
        }
        return wrapped.fixes()
    }
}
