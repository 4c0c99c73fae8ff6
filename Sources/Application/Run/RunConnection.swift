import Domain
import Logging

/// How a run reaches its mates: the peers named on the command line, or mate discovery — required
/// when mates are expected or invited, tried when joining (the host may name us), and only advertised
/// (never required) when running alone.
struct RunConnection {
    let request: RunRequest
    let dependencies: RunDependencies

    /// Adds the named peers, or starts discovery; returns the discovery in use, registered with `teardown`.
    func connect(_ teardown: Teardown) async throws -> (any MateDiscoveryRepository)? {
        let (transport, logger) = (dependencies.transport, dependencies.environment.logger)
        guard request.peers.isEmpty else {
            for peer in request.peers {
                do { try transport.addPeer(peer) } catch { throw FlowError(error, otherwise: .usage) }
            }
            return nil
        }
        let discovery = dependencies.discovery()
        await teardown.add { discovery.stop() }
        switch request.role {
        case .joiner:
            do { try start(discovery, browse: true) } catch {
                logger.warning("not advertised on the network (\(error)): the host must name this runner with --peer HOST:\(transport.localPort)")
                return nil
            }
        case .open(let mates) where mates == 0:
            do { try start(discovery, browse: false) } catch {
                logger.info("running alone without advertising: \(error)")
                return nil
            }
        case .open, .host:
            do { try start(discovery, browse: true) } catch {
                // No --peer was given (or discovery would not run): it is the way around the daemon.
                throw FlowError(FlowError(error, otherwise: .unavailable).fault, "\(error), or pass --peer HOST:PORT for each mate")
            }
        }
        return discovery
    }

    private func start(_ discovery: any MateDiscoveryRepository, browse: Bool) throws {
        let (me, transport, logger) = (request.me, dependencies.transport, dependencies.environment.logger)
        // A joiner runs the host's terms: it has none of its own to show.
        var terms: RaceTerms? = if case .joiner = request.role { nil } else { request.openTerms }
        terms?.speedup = dependencies.environment.timings.scale
        let registered = try discovery.advertise(me, port: transport.localPort, terms: terms)
        logger.info("registered as '\(registered.logSafe)' on UDP port \(transport.localPort)")
        if browse {
            _ = MateFollower(me: me.id, transport: transport, logger: logger).follow(try discovery.mates())
        }
    }
}
