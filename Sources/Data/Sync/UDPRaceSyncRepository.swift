import Domain
import Foundation
import Logging
import Synchronization
import SyncCore
import SyncWire

/// Replicates progress over UDP, protocol version 2 (`SyncWire`, docs/PROTOCOL.md): every publish goes
/// to every known peer as a progress datagram, preceded now and then by a hello (name, terms); datagrams
/// from peers are checked and their progress handed to `updates()`.
///
/// A façade: what the peer knows is one `PeerState` value behind one lock (`PeerStateStore`), stepped
/// by pure functions that say what to send; the network is a `DatagramTransport` (`bind`: a
/// `UDPTransport`; `open(transport:)`: any other, such as one in memory). Peers come from `--peer`,
/// from discovery (`addPeer`, trusted as given), and from any address that sent us a valid datagram, so
/// one side knowing the other is enough; such a learned address gets nothing but address challenges
/// until it echoes our cookie (docs/PROTOCOL.md, "Address validation").
public final class UDPRaceSyncRepository: RaceSyncRepository, RaceMessagingRepository, RacePeersRepository {
    /// The most peers (and runners) kept; beyond it, the longest-silent learned address is evicted.
    public static let maximumPeers = PeerState.maximumPeers

    let transport: any DatagramTransport
    let store: PeerStateStore
    /// This device's paired mates: the spectators a runner admits, the runners a spectator takes a grant from.
    private let mates: (any KnownMatesRepository)?
    /// Where an invited race is kept for a restarted process to rejoin.
    private let races: InvitedRaceStore?
    /// Whether the race's progress may go to its multicast group (`--no-multicast`: never).
    let multicastEnabled: Bool
    /// What `followGroup` settled last, and why a join failed.
    let groupPlan = Mutex(GroupPlan())

    private init(
        transport: any DatagramTransport, store: PeerStateStore, mates: (any KnownMatesRepository)?, races: InvitedRaceStore?, multicast: Bool
    ) {
        self.transport = transport
        self.store = store
        self.mates = mates
        self.races = races
        self.multicastEnabled = multicast
    }

    /// Binds a UDP socket on `host`:`port` (port 0: any free port). With a `key`, every datagram sent
    /// is tagged and every datagram received must be (an open race otherwise). Lobby messages are timed
    /// on `clock`. With an `identity`, invitations go with a pairing exchange (signed, with a code) and an
    /// invited race is keyed from its start (`enterRace`), and the `mates` (paired) may watch it. A
    /// spectator (`watching`) with an identity and no key asks the runners it hears to admit it, and takes
    /// a grant only from one of its `mates` (docs/PROTOCOL.md, "Spectators"). With `multicast`, a runner's
    /// progress goes to the race's multicast group on the network of its mates (docs/PROTOCOL.md,
    /// "Multicast"); a spectator never joins one. A `key` whose race id was defaulted falls back to the
    /// previous UTC day's when the mates' datagrams fail under it (`RaceKey.previousDay`), and says so
    /// on `logger`. Throws `SyncError` when the port is taken or the address unusable.
    public static func bind(
        host: String = "0.0.0.0",
        port: Int,
        key: RaceKey? = nil,
        identity: DeviceKeys? = nil,
        mates: (any KnownMatesRepository)? = nil,
        races: InvitedRaceStore? = nil,
        watching: Bool = false,
        multicast: Bool = true,
        clock: any RaceClock = SystemRaceClock(),
        logger: Logger? = nil
    ) async throws -> UDPRaceSyncRepository {
        try await open(
            key: key, identity: identity, mates: mates, races: races, watching: watching, multicast: multicast, clock: clock, logger: logger
        ) { inbox in
            try await UDPTransport.bind(
                host: host, port: port, maximumLength: SyncDatagramCodec.maximumLength, receive: inbox.receive, failed: inbox.failed
            )
        }
    }

    /// The repository over the transport `transport` makes, given where to hand what it reads: what
    /// `bind` does with a UDP socket, with any `DatagramTransport` (the same arguments otherwise).
    package static func open(
        key: RaceKey? = nil,
        identity: DeviceKeys? = nil,
        mates: (any KnownMatesRepository)? = nil,
        races: InvitedRaceStore? = nil,
        watching: Bool = false,
        multicast: Bool = true,
        clock: any RaceClock = SystemRaceClock(),
        logger: Logger? = nil,
        transport make: (DatagramInbox) async throws -> any DatagramTransport
    ) async throws -> UDPRaceSyncRepository {
        var state = PeerState(
            key: key, capacity: maximumPeers, identity: identity, epoch: SyncClocks.wallMicroseconds(), cookies: SystemRandomNumberGenerator())
        if watching, identity != nil { state.spectators.mates = Self.identities(of: mates) }
        let store = PeerStateStore(state, raceClock: clock, logger: logger)
        let transport = try await make(DatagramInbox(
            receive: { bytes, source in store.receive(bytes, from: source) },
            failed: { store.sendFailed() },
            raceKey: { store.withState { $0.key } }
        ))
        store.withState { $0.localAddress = transport.localAddress }
        transport.onClose { store.finish() }
        return UDPRaceSyncRepository(transport: transport, store: store, mates: mates, races: races, multicast: multicast && !watching)
    }

    /// The identities of `mates` (none when there are none or the file cannot be read).
    private static func identities(of mates: (any KnownMatesRepository)?) -> [MateIdentity] {
        ((try? mates?.all()) ?? []).map(\.identity)
    }

    /// The address the socket is bound to (with the port the system picked, for port 0).
    public var localAddress: PeerAddress { transport.localAddress }

    /// The race's public id (see `RacePeersRepository`): the race key's, or in an open race the
    /// race-clock host's runner id once a mate was heard (the lowest id of the race's runners).
    public var publicRaceID: String? { store.withState { $0.publicRaceID } }

    /// The public id invited run `invitation` will have once entered (see `RacePeersRepository`).
    public func publicRaceID(invitation: UInt32) -> String? { store.withState { $0.publicRaceID(invitation: invitation) } }

    /// Whether this race has a key (every datagram authenticated) or is open.
    public var isAuthenticated: Bool { store.withState { $0.key != nil } }

    /// Switches to the race key and race id the pairing of invitation `invitation` delivered (see
    /// `RacePeersRepository`), and admits this device's paired mates as spectators (as the known mates
    /// are at this moment); false when there are none.
    public func enterRace(invitation: UInt32) -> Bool {
        let spectators = Self.identities(of: mates)
        let now = Date()
        let (entered, kept) = store.withState { state in
            let entered = state.enterRace(invitation: invitation, spectators: spectators)
            return (entered, state.outbox.me.flatMap { state.keptRace(as: $0, at: now) })
        }
        if entered, let kept { try? races?.save(kept) }
        return entered
    }

    /// A restarted runner of an invited race rejoins it from what `enterRace` kept in the data directory
    /// (see `RacePeersRepository`); nil when nothing fresh is kept for `runner`.
    public func resumeRace(as runner: RunnerID) -> RaceTerms? {
        guard let kept = races?.load(runner) else { return nil }
        let spectators = Self.identities(of: mates)
        return store.withState { $0.rejoin(kept, spectators: spectators) }
    }

    /// The run is over: what was kept of its invited race, and of our runner's own state, is removed
    /// (see `RacePeersRepository`).
    public func leaveRace(as runner: RunnerID) {
        races?.remove(runner)
        if let keeper = store.keeper.withLock({ $0 }), keeper.runner == runner { keeper.remove() }
    }

    /// Keeps `runner`'s own state and datagram numbers in `own` from now on (docs/PROTOCOL.md, "Restart
    /// and catch-up"): a process restarted with the same runner id continues its numbers above every one
    /// this process used, and resumes from the state this process published last, at its first publish
    /// in the same race, never from a mate's relay. Returns whether an earlier process's state was found.
    /// Call it before the first publish.
    @discardableResult
    public func keepOwnState(in own: OwnStateStore, as runner: RunnerID) -> Bool {
        let earlier = own.load(runner)
        let keeper = OwnStateKeeper(store: own, runner: runner, earlier: earlier, logger: store.logger)
        let reservation = store.withState { state in
            state.outbox.keepNumbers(usedBelow: earlier?.numbersBelow)
            return state.outbox.takeReservation()
        }
        keeper.keep(numbersBelow: reservation)
        store.keeper.withLock { $0 = keeper }
        return earlier?.state != nil
    }

    /// A spectator of an invited race that no runner admitted, though one said it is not paired with this
    /// device (or granted while not a paired mate) (see `RacePeersRepository`).
    public var spectatorNotPaired: Bool { store.withState { $0.spectators.isRefused } }

    /// The port the socket listens on.
    public var localPort: Int { localAddress.port }

    /// Resolves `HOST:PORT` (a name or an IP address) and sends to it from now on, trusted as given;
    /// duplicates are ignored, and beyond `maximumPeers` a learned address makes room (or it is ignored).
    public func addPeer(_ peer: PeerAddress) throws {
        let resolved = try transport.resolve(peer)
        store.withState { $0.learnPeer(resolved) }
    }

    /// The peers datagrams go to, as resolved, in the order they were learned.
    public var knownPeers: [PeerAddress] { store.withState { $0.peers } }

    /// Counters so far.
    public var statistics: SyncStatistics { store.withState { $0.statistics } }

    /// Sends `progress` (and a hello when one is due) to every known peer.
    public func publish(_ progress: RunnerProgress) async {
        if multicastEnabled { await followGroup(terms: progress.terms) }
        let clocks = store.clocks
        guard let keeper = store.keeper.withLock({ $0 }) else {
            await send(store.withState { $0.publish(progress, clocks: clocks) })
            return
        }
        // A restarted process: its first publish in the race it was in does not go out (it would tell the
        // mates it is back at the start); its own kept state goes to the session instead, which adopts it
        // and publishes from there. Mates' relays are never adopted.
        if let resumed = keeper.resumed(for: progress, key: store.withState({ $0.key })) {
            store.deliverOwn(resumed)
            return
        }
        let (datagrams, reservation, key) = store.withState { state in
            (state.publish(progress, clocks: clocks), state.outbox.takeReservation(), state.key)
        }
        keeper.keep(numbersBelow: reservation, progress: progress, key: key, now: clocks.microseconds())
        await send(datagrams)
    }

    /// Announces our ghost: one of its chunks goes with every publish from now on (docs/PROTOCOL.md).
    public func announce(_ ghost: Ghost) async {
        store.withState { $0.announce(ghost) }
    }

    /// Mates' ghosts, each once all its chunks arrived (see `RaceSyncRepository`).
    public func ghosts() -> AsyncStream<Ghost> {
        store.ghosts
    }

    /// The mates' progress as it arrives (see `RaceSyncRepository`).
    public func updates() -> AsyncStream<RunnerProgress> {
        store.updates
    }

    /// The mates' progress in batches (see `RaceSyncRepository`): what arrived while the consumer was busy.
    public func updateBatches() -> AsyncStream<[RunnerProgress]> {
        store.batches()
    }

    /// Sends a lobby message or cheer (see `RaceMessagingRepository`): to each recipient's last known
    /// address, or to every known peer.
    public func send(_ message: RaceMessage, from me: Runner, to recipients: [RunnerID]?) async {
        let now = store.raceClock.now
        let (datagrams, reservation) = store.withState { state in
            (state.send(message, from: me, to: recipients, at: now), state.outbox.takeReservation())
        }
        if let reservation { store.keeper.withLock { $0 }?.keep(numbersBelow: reservation) }
        await send(datagrams)
    }

    /// Every lobby message and cheer from now on (see `RaceMessagingRepository`).
    public func messages() -> AsyncStream<ReceivedRaceMessage> {
        store.hub.subscribe()
    }

    /// Closes the socket; `updates()` and `messages()` then finish.
    public func close() async {
        await transport.close()
    }

    /// Hands the datagrams to the transport, in order and all at once, and counts how each went.
    func send(_ datagrams: [OutgoingDatagram]) async {
        guard !datagrams.isEmpty else { return }
        let sent = await transport.send(datagrams.map { ($0.bytes, $0.address) })
        store.withState { state in
            for (datagram, went) in zip(datagrams, sent) { state.countSend(datagram.bytes, to: datagram.address, sent: went) }
        }
    }
}

// MARK: Race clock and deltas, as the executable and the benchmark read them

extension UDPRaceSyncRepository {
    /// The race-clock host: the runner with the lowest id heard (or `me` before any hello).
    public func clockHost(me: RunnerID) -> RunnerID {
        store.withState { $0.clock.host(me: me) }
    }

    /// This peer's estimate of the host's clock (empty while it is the host or before the first pong).
    public var clockEstimate: RaceClockEstimate { store.withState { $0.clock.estimate } }

    /// Whether a mate's hello has been heard, so that a race clock is agreed (we may be its host).
    public var hasHeardClockMate: Bool { store.withState { $0.clock.lowestMate != nil } }

    /// How big the progress updates sent so far were (one per peer per progress, full or delta).
    public var progressUpdateSizes: UpdateSizes { store.withState { $0.deltas.sizes } }
}
