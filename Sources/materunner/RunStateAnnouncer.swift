import Data
import Domain
import Logging

/// Tells the network when our run starts: a `LocationRepository` wrapper that, when the race session
/// first asks for positions (the lobby is over, the race is on), updates our DNS-SD TXT record to
/// `state=running` with the race id, so mates see we are busy.
struct RunStateAnnouncer: LocationRepository {
    let wrapped: any LocationRepository
    let discovery: DNSSDDiscoveryRepository
    let advertisement: MateAdvertisement
    let raceID: String
    let logger: Logger

    func fixes() -> AsyncThrowingStream<Fix, any Error> {
        var running = advertisement
        running.state = .running
        running.raceID = raceID
        do {
            try discovery.update(running)
            logger.info("advertising state=running race=\(raceID)")
        } catch {
            logger.warning("could not update the DNS-SD TXT record to running: \(error)")
        }
        return wrapped.fixes()
    }
}
