import Domain
import Foundation
import NIOConcurrencyHelpers
import NIOCore
import NIOPosix
import SyncWire

/// Replicates progress over UDP, protocol version 2 (`SyncDatagramCodec`, docs/PROTOCOL.md): every
/// publish goes to every known peer as a progress datagram, preceded now and then by a hello (name,
/// terms); datagrams from peers are checked and their progress handed to `updates()`.
///
/// Peers come from `--peer`, from discovery (`addPeer`), and from any address that sent us a valid
/// datagram, so one side knowing the other is enough.
public final class UDPRaceSyncRepository: RaceSyncRepository, RaceMessagingRepository, RacePeersRepository {
    /// The most peers kept; beyond it, learned addresses are ignored.
    public static let maximumPeers = 64

    /// The address the socket is bound to (with the port the system picked, for port 0).
    public let localAddress: SocketAddress

    private let channel: any Channel
    private let peers: NIOLockedValueBox<[SocketAddress]>
    private let statisticsBox: NIOLockedValueBox<SyncStatistics>
    let outbox: NIOLockedValueBox<SyncOutbox>
    private let clock: NIOLockedValueBox<RaceClockSync>
    private let catchUp: NIOLockedValueBox<CatchUpRelays>
    let deltas: NIOLockedValueBox<ProgressDeltas>
    let key: RaceKey?
    private let stream: AsyncStream<RunnerProgress>
    private let hub: MessageHub

    private init(
        channel: any Channel,
        peers: NIOLockedValueBox<[SocketAddress]>,
        statistics: NIOLockedValueBox<SyncStatistics>,
        outbox: NIOLockedValueBox<SyncOutbox>,
        clock: NIOLockedValueBox<RaceClockSync>,
        catchUp: NIOLockedValueBox<CatchUpRelays>,
        deltas: NIOLockedValueBox<ProgressDeltas>,
        key: RaceKey?,
        stream: AsyncStream<RunnerProgress>,
        hub: MessageHub
    ) throws {
        guard let address = channel.localAddress else {
            throw SyncError.cannotBind(host: "?", port: 0, reason: "the socket has no local address")
        }
        self.channel = channel
        self.localAddress = address
        self.peers = peers
        self.statisticsBox = statistics
        self.outbox = outbox
        self.clock = clock
        self.catchUp = catchUp
        self.deltas = deltas
        self.key = key
        self.stream = stream
        self.hub = hub
    }

    /// Binds a UDP socket on `host`:`port` (port 0: any free port). With a `key`, every datagram sent
    /// is tagged and every datagram received must be (an open race otherwise).
    public static func bind(
        host: String = "0.0.0.0",
        port: Int,
        key: RaceKey? = nil,
        clock: any RaceClock = SystemRaceClock(),
        group: any EventLoopGroup = MultiThreadedEventLoopGroup.singleton
    ) async throws -> UDPRaceSyncRepository {
        let peers = NIOLockedValueBox<[SocketAddress]>([])
        let statistics = NIOLockedValueBox(SyncStatistics())
        let outbox = NIOLockedValueBox(SyncOutbox())
        let clockSync = NIOLockedValueBox(RaceClockSync())
        let catchUp = NIOLockedValueBox(CatchUpRelays())
        let deltas = NIOLockedValueBox(ProgressDeltas())
        let (stream, continuation) = AsyncStream.makeStream(of: RunnerProgress.self, bufferingPolicy: .bufferingNewest(256))
        let learnPeer: @Sendable (SocketAddress) -> Void = { source in
            peers.withLockedValue { known in
                if !known.contains(source), known.count < maximumPeers { known.append(source) }
            }
        }
        let sink: @Sendable (RunnerProgress) -> Void = { continuation.yield($0) }
        let hub = MessageHub(clock: clock, capacity: maximumPeers)
        let channel: any Channel
        do {
            channel = try await DatagramBootstrap(group: group)
                .channelInitializer { channel in
                    channel.eventLoop.makeCompletedFuture {
                        try channel.pipeline.syncOperations.addHandler(
                            SyncDatagramHandler(
                                key: key, statistics: statistics, outbox: outbox, clock: clockSync, rosterCapacity: maximumPeers,
                                hub: hub, catchUp: catchUp, deltas: deltas, learnPeer: learnPeer, sink: sink
                            )
                        )
                    }
                }
                .bind(host: host, port: port)
                .get()
        } catch let error as IOError where error.errnoCode == EADDRINUSE {
            throw SyncError.portInUse(port)
        } catch {
            throw SyncError.cannotBind(host: host, port: port, reason: "\(error)")
        }
        channel.closeFuture.whenComplete { _ in
            continuation.finish()
            hub.finish()
        }
        return try UDPRaceSyncRepository(
            channel: channel, peers: peers, statistics: statistics, outbox: outbox, clock: clockSync, catchUp: catchUp, deltas: deltas,
            key: key, stream: stream, hub: hub
        )
    }

    /// Whether this race has a key (every datagram authenticated) or is open.
    public var isAuthenticated: Bool { key != nil }

    /// The port the socket listens on.
    public var localPort: Int { localAddress.port ?? 0 }

    /// Adds a peer to send to (duplicates are ignored).
    public func addPeer(_ address: SocketAddress) {
        peers.withLockedValue { known in
            if !known.contains(address), known.count < Self.maximumPeers { known.append(address) }
        }
    }

    /// Resolves `HOST:PORT` and adds it.
    public func addPeer(_ peer: PeerAddress) throws {
        do {
            addPeer(try SocketAddress.makeAddressResolvingHost(peer.host, port: peer.port))
        } catch {
            throw SyncError.cannotResolvePeer(peer, reason: "\(error)")
        }
    }

    /// The peers datagrams go to.
    public var knownPeers: [SocketAddress] { peers.withLockedValue { $0 } }

    /// Counters so far.
    public var statistics: SyncStatistics { statisticsBox.withLockedValue { $0 } }

    /// Sends `progress` (and a hello when one is due) to every known peer.
    public func publish(_ progress: RunnerProgress) async {
        let datagrams = outbox.withLockedValue { $0.datagrams(for: progress) }
        for datagram in datagrams {
            // Progress: a delta to each peer that acknowledged a base, else the full state (+Deltas.swift).
            if case .progress(let report) = datagram.message {
                await sendProgress(report, number: datagram.sequence, sender: datagram.sender)
                continue
            }
            await send(SyncDatagramCodec.encode(datagram, key: key), to: knownPeers)
        }
        if datagrams.count > 1 {
            await sendDueRelays()
            await sendDueAcknowledgements()
        }
        // A clock ping to the host along with every hello (so one per 4 publishes at most).
        guard datagrams.count > 1,
              let ping = clock.withLockedValue({ $0.ping(me: progress.runner.id, now: SyncDatagramHandler.microsecondsNow()) }),
              let datagram = outbox.withLockedValue({ $0.datagram(saying: .clockPing(t1: ping.t1)) })
        else { return }
        await send(SyncDatagramCodec.encode(datagram, key: key), to: [ping.address])
    }

    /// The race-clock host: the runner with the lowest id heard (or `me` before any hello).
    public func clockHost(me: RunnerID) -> RunnerID {
        clock.withLockedValue { $0.host(me: me) }
    }

    /// This peer's estimate of the host's clock (empty while it is the host or before the first pong).
    public var clockEstimate: RaceClockEstimate { clock.withLockedValue { $0.estimate } }

    /// Whether a mate's hello has been heard, so that a race clock is agreed (we may be its host).
    public var hasHeardClockMate: Bool { clock.withLockedValue { $0.lowestMate != nil } }

    /// With every hello: the states of mates that restarted and have not caught up yet, sent back to
    /// them (a bounded number of times, `CatchUpRelays.repeats`), so that a lost relay is repaired.
    private func sendDueRelays() async {
        for relay in catchUp.withLockedValue({ $0.due() }) {
            guard let datagram = outbox.withLockedValue({ $0.datagram(saying: relay.message) }) else { continue }
            await send(SyncDatagramCodec.encode(datagram, key: key), to: [relay.address])
        }
    }

    func send(_ bytes: [UInt8], to peers: [SocketAddress]) async {
        for peer in peers where peer != localAddress {
            let envelope = AddressedEnvelope(remoteAddress: peer, data: channel.allocator.buffer(bytes: bytes))
            let statistics = statisticsBox
            do {
                try await channel.writeAndFlush(envelope)
                statistics.withLockedValue {
                    $0.datagramsSent += 1
                    $0.bytesSent += bytes.count
                }
            } catch {
                statistics.withLockedValue { $0.sendFailures += 1 }
            }
        }
    }

    /// The mates' progress as it arrives (see `RaceSyncRepository`).
    public func updates() -> AsyncStream<RunnerProgress> {
        stream
    }

    /// Sends a lobby message or cheer (see `RaceMessagingRepository`): to each recipient's last known
    /// address, or to every known peer.
    public func send(_ message: RaceMessage, from me: Runner, to recipients: [RunnerID]?) async {
        guard let body = RaceMessageWire.encode(message, from: me, at: hub.now, address: hub.startingRunner) else { return }
        let datagram = outbox.withLockedValue { $0.datagram(saying: body, as: me.id) }
        let addresses = recipients.map { $0.compactMap(hub.address(of:)) } ?? knownPeers
        await send(SyncDatagramCodec.encode(datagram, key: key), to: addresses)
    }

    /// Every lobby message and cheer from now on (see `RaceMessagingRepository`).
    public func messages() -> AsyncStream<ReceivedRaceMessage> {
        hub.subscribe()
    }

    /// Closes the socket; `updates()` then finishes.
    public func close() async {
        try? await channel.close()
    }
}
