import Domain
import Foundation
import Presentation

/// `materunner watch`: follow a race as a spectator — the runners named, or found over mate
/// discovery (browsing only: a spectator is not a mate to be found) — until its result.
public struct SpectatorFlow: Sendable {
    let me: Runner
    let peers: [PeerAddress]
    /// Real seconds to wait for a race to be heard.
    let wait: TimeInterval
    let transport: any RaceTransport
    let discovery: @Sendable () -> any MateDiscoveryRepository
    let environment: FlowEnvironment
    /// Where the race is also shown outside the program (`--owntracks-publish`: the phones' maps); nil: nowhere.
    let showing: (any RaceShowing)?

    /// A spectator `me` following `peers` (or whoever discovery finds) over `transport`, every snapshot
    /// also handed to `showing`.
    public init(
        me: Runner, peers: [PeerAddress], wait: TimeInterval, transport: any RaceTransport,
        discovery: @escaping @Sendable () -> any MateDiscoveryRepository, environment: FlowEnvironment,
        showing: (any RaceShowing)? = nil
    ) {
        self.me = me
        self.peers = peers
        self.wait = wait
        self.transport = transport
        self.discovery = discovery
        self.environment = environment
        self.showing = showing
    }

    /// Watches until the race is over or the spectator stops; returns whether it ended without an error.
    public func run() async throws -> Bool {
        let teardown = Teardown()
        return try await teardown.around { try await watch(teardown) }
    }

    private func watch(_ teardown: Teardown) async throws -> Bool {
        let (transport, logger) = (self.transport, environment.logger)
        let binder = environment.makeBinder()
        await teardown.add { binder.shutdown() }
        await teardown.add { await transport.close() }
        for peer in peers {
            do { try transport.addPeer(peer) } catch { throw FlowError(error, otherwise: .usage) }
        }
        if peers.isEmpty {
            let discovery = self.discovery()
            await teardown.add { discovery.stop() }
            do {
                _ = MateFollower(me: me.id, transport: transport, logger: logger).follow(try discovery.mates())
            } catch {
                throw FlowError(FlowError(error, otherwise: .unavailable).fault, "\(error), or pass --peer HOST:PORT for each runner to follow")
            }
        }
        // A spectator follows race time from the first moment; its wait is said in real seconds.
        environment.startRaceTime()
        logger.info("watching as \(me.name) (\(me.id)) on UDP port \(transport.localPort)")
        let configuration = environment.timings.spectator(me: me, wait: wait)
        let session = SpectatorSession(
            configuration: configuration, sync: transport, messaging: transport,
            clock: environment.clock, peers: transport
        )
        // Under overload (a board that also runs, a busy laptop): fewer status frames; a spectator sends no updates.
        let overload = OverloadWatch(logger: logger, response: OverloadResponse(binder: binder), lateness: environment.lateness)
        await teardown.add { overload.stop() }
        // The runners' cheers are heard and shown; a spectator sends none, and cannot cancel anybody's run.
        let cheers = RaceCheers(me: me, messaging: transport, clock: environment.clock)
        // Whether runners keep refusing it as not paired is looked at once per heartbeat by the view model.
        let watcher = RunningViewModel.Watcher(
            name: me.name, wait: wait, heartbeat: configuration.heartbeat,
            refusedAsNotPaired: { transport.spectatorNotPaired }
        )
        let race: any RaceSessionUseCase = showing.map { ShowingRaceSession(wrapped: session, showing: $0) } ?? session
        return await environment.runScreen(binder).present(race: race, cheers: cheers, role: .spectator, watcher: watcher)
    }
}
