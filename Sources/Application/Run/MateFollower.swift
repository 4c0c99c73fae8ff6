import Domain
import Logging

/// Hands every mate discovery finds to the transport, so the race reaches it; our own advertisement
/// (found too) is skipped by id.
struct MateFollower {
    let me: RunnerID
    let transport: any RacePeersRepository
    let logger: Logger

    /// Follows `events` until they end or the returned task is cancelled.
    func follow(_ events: AsyncStream<MateEvent>) -> Task<Void, Never> {
        Task { [me, transport, logger] in
            for await event in events {
                switch event {
                case .found(let mate) where mate.runnerID != me:
                    do {
                        try transport.addPeer(mate.address)
                        logger.info("found mate \(mate.name) at \(mate.address)")
                    } catch {
                        logger.warning("mate \(mate.name) has an unusable address \(mate.address): \(error)")
                    }
                case .updated(let mate) where mate.runnerID != me:
                    logger.info("mate \(mate.name) is now \(mate.state?.rawValue ?? "?")")
                case .lost(let name):
                    logger.info("mate \(name) left the network")
                default:
                    break
                }
            }
        }
    }
}
