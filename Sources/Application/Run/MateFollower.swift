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
                        logger.info("found mate \(mate.name.logSafe) at \(String(describing: mate.address).logSafe)")
                    } catch {
                        logger.warning("mate \(mate.name.logSafe) has an unusable address \(String(describing: mate.address).logSafe): \(String(describing: error).logSafe)")
                    }
                case .updated(let mate) where mate.runnerID != me:
                    logger.info("mate \(mate.name.logSafe) is now \(mate.state?.rawValue.logSafe ?? "?")")
                case .lost(let name):
                    logger.info("mate \(name.logSafe) left the network")
                default:
                    break
                }
            }
        }
    }
}
