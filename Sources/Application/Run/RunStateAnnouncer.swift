import Domain
import Foundation
import Logging
import Synchronization

/// Tells the network when our run starts: a `LocationRepository` wrapper that, when the race session
/// first asks for positions (the lobby is over, the race is on), advertises `running` with the race
/// id — the race's public id, the same on every runner (`RacePeersRepository.publicRaceID`) — so mates
/// see we are busy and which runners race together.
struct RunStateAnnouncer: LocationRepository {
    let wrapped: any LocationRepository
    let discovery: any MateDiscoveryRepository
    /// Read when the run starts (an open race's id needs a mate's hello), and again with every fix.
    let raceID: @Sendable () -> String?
    let logger: Logger

    func statuses() -> AsyncStream<PositionStatus> {
        wrapped.statuses()
    }

    /// The wrapped fixes, once `running` is advertised; advertised again, before the fix that sees it,
    /// when the race id changes during the run: a runner started after midnight UTC adopts the earlier
    /// race id of mates who started before it (docs/PROTOCOL.md, "Race key"), an open race learns its id
    /// from a mate's hello. Never back to no id. Pulled through, with no task of its own between the
    /// source and the run (one task hop less per fix).
    func fixes(from raceStart: Date?) -> AsyncThrowingStream<Fix, any Error> {
        let first = raceID()
        Self.announceRunning(first, on: discovery, logger: logger)
        let (source, raceID, discovery, logger) = (SingleConsumerIterator(wrapped.fixes(from: raceStart).makeAsyncIterator()), raceID, discovery, logger)
        let announced = Mutex(first)
        return AsyncThrowingStream {
            guard let fix = try await source.next() else { return nil }
            if let current = raceID(), announced.withLock({ $0 }) != current {
                Self.announceRunning(current, on: discovery, logger: logger)
                announced.withLock { $0 = current }
            }
            return fix
        }
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
