import Domain
import Foundation
import NIOConcurrencyHelpers
import NIOCore
import SyncWire

/// Decodes incoming datagrams on the event loop. Hellos fill the roster, progress from a runner in it
/// goes to the repository's stream, clock pings are answered; everything else is counted and dropped.
final class SyncDatagramHandler: ChannelInboundHandler {
    typealias InboundIn = AddressedEnvelope<ByteBuffer>
    typealias OutboundOut = AddressedEnvelope<ByteBuffer>

    let sink: @Sendable (RunnerProgress) -> Void
    let learnPeer: @Sendable (SocketAddress) -> Void
    let statistics: NIOLockedValueBox<SyncStatistics>
    let outbox: NIOLockedValueBox<SyncOutbox>
    private let clock: NIOLockedValueBox<RaceClockSync>
    let key: RaceKey?
    private let hub: MessageHub?
    /// Restart catch-up: epochs, last progress, relays due (SyncDatagramHandler+CatchUp.swift).
    let catchUp: NIOLockedValueBox<CatchUpRelays>
    /// Delta bases and acknowledgements (SyncDatagramHandler+Deltas.swift).
    let deltas: NIOLockedValueBox<ProgressDeltas>
    var roster: SyncRoster
    private var windows: [RunnerID: ReplayWindow] = [:]

    init(
        key: RaceKey?,
        statistics: NIOLockedValueBox<SyncStatistics>,
        outbox: NIOLockedValueBox<SyncOutbox>,
        clock: NIOLockedValueBox<RaceClockSync>,
        rosterCapacity: Int,
        hub: MessageHub? = nil,
        catchUp: NIOLockedValueBox<CatchUpRelays> = NIOLockedValueBox(CatchUpRelays()),
        deltas: NIOLockedValueBox<ProgressDeltas> = NIOLockedValueBox(ProgressDeltas()),
        learnPeer: @escaping @Sendable (SocketAddress) -> Void,
        sink: @escaping @Sendable (RunnerProgress) -> Void
    ) {
        self.key = key
        self.statistics = statistics
        self.outbox = outbox
        self.clock = clock
        self.hub = hub
        self.catchUp = catchUp
        self.deltas = deltas
        self.roster = SyncRoster(capacity: rosterCapacity)
        self.learnPeer = learnPeer
        self.sink = sink
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        let envelope = unwrapInboundIn(data)
        var buffer = envelope.data
        let bytes = buffer.readBytes(length: min(buffer.readableBytes, SyncDatagramCodec.maximumLength + 1)) ?? []
        // Counted once handled, so that a reader who sees the count also sees the datagram's effects.
        defer { statistics.withLockedValue { $0.datagramsReceived += 1 } }
        do throws(DatagramError) {
            let datagram = try SyncDatagramCodec.decode(bytes, key: key)
            guard datagram.sender != outbox.withLockedValue({ $0.me }) else { throw .ownSender }
            if key != nil { try checkReplay(datagram) }
            try handle(datagram, from: envelope.remoteAddress, context: context)
            hub?.received(datagram, from: envelope.remoteAddress, learnPeer: learnPeer)
        } catch {
            let source = envelope.remoteAddress.ipAddress ?? "\(envelope.remoteAddress)"
            statistics.withLockedValue { $0.recordDrop(error, from: source) }
        }
    }

    /// Authenticated datagrams only: a number seen before, or below the sender's window, is a replay.
    private func checkReplay(_ datagram: SyncDatagram) throws(DatagramError) {
        guard windows[datagram.sender] != nil || windows.count < roster.capacity else { throw .rosterFull }
        if try bypassesReplayWindow(datagram) { return }
        guard windows[datagram.sender, default: ReplayWindow()].accept(datagram.sequence) else { throw .replayed }
    }

    private func handle(_ datagram: SyncDatagram, from source: SocketAddress, context: ChannelHandlerContext) throws(DatagramError) {
        catchUp.withLockedValue { $0.saw(datagram.sequence, from: datagram.sender) }
        switch datagram.message {
        case .boot, .relayedState:
            try handleCatchUp(datagram, from: source, context: context)
        case .progressDelta, .acknowledgement, .finishedProgress:
            try handleDelta(datagram, from: source)
        case .hello(let name, let terms):
            try roster.learn(datagram.sender, name: name, terms: terms)
            clock.withLockedValue { $0.heard(datagram.sender, at: source) }
            deltas.withLockedValue { $0.learn(datagram.sender, at: source) }
            learnPeer(source)
        case .progress(let report):
            let progress = try roster.progress(of: report, from: datagram.sender, sequence: datagram.sequence)
            learnPeer(source)
            sink(progress)
            catchUp.withLockedValue { $0.heard(report, number: datagram.sequence, from: datagram.sender) }
            deltas.withLockedValue { $0.hold(report, number: datagram.sequence, from: datagram.sender, at: source) }
        case .clockPing(let t1):
            answerPing(from: datagram.sender, t1: t1, source: source, context: context)
        case let .clockPong(requester, t1, t2, t3):
            let arrived = Self.microsecondsNow()
            guard let me = outbox.withLockedValue({ $0.me }), requester == me,
                  clock.withLockedValue({ $0.pong(from: datagram.sender, me: me, t1: t1, t2: t2, t3: t3, t4: arrived) })
            else { throw .unsolicitedPong }
            statistics.withLockedValue { $0.received[datagram.message.type.name, default: 0] += 1 }
        case .cheer, .presence, .invitation, .answer, .outcome:
            // Delivered by the hub; a runner that speaks to us is a peer to answer.
            learnPeer(source)
            statistics.withLockedValue { $0.received[datagram.message.type.name, default: 0] += 1 }
        }
    }

    private func answerPing(from requester: RunnerID, t1: UInt64, source: SocketAddress, context: ChannelHandlerContext) {
        let received = Self.microsecondsNow()
        let pong = outbox.withLockedValue {
            $0.datagram(saying: .clockPong(requester: requester, t1: t1, t2: received, t3: max(received, Self.microsecondsNow())))
        }
        guard let pong else { return }
        let bytes = SyncDatagramCodec.encode(pong, key: key)
        let envelope = AddressedEnvelope(remoteAddress: source, data: context.channel.allocator.buffer(bytes: bytes))
        context.writeAndFlush(wrapOutboundOut(envelope), promise: nil)
        statistics.withLockedValue {
            $0.datagramsSent += 1
            $0.bytesSent += bytes.count
        }
    }

    static func microsecondsNow() -> UInt64 {
        UInt64(max(0, (Date().timeIntervalSince1970 * 1_000_000).rounded()))
    }

    func errorCaught(context: ChannelHandlerContext, error: any Error) {
        // A UDP socket reports ICMP errors for earlier sends here; they are not fatal.
        statistics.withLockedValue { $0.sendFailures += 1 }
    }
}
