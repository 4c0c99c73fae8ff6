import Domain
import NIOCore
import NIOPosix
import Synchronization

/// A UDP socket on 127.0.0.1 that one peer sends to like to any mate: it never answers, and counts
/// the UDP payload of every datagram it receives by message type (byte 3, high nibble: docs/PROTOCOL.md).
final class WireTap: Sendable {
    /// Count, total and largest payload of one message type.
    struct Tally: Sendable {
        var count = 0
        var bytes = 0
        var largest = 0
        var mean: Double { count == 0 ? 0 : Double(bytes) / Double(count) }
    }

    static let typeNames = [1: "progress", 2: "hello", 3: "cheer", 4: "clock ping", 5: "clock pong"]

    let address: SocketAddress
    private let channel: any Channel
    private let counter: Counter

    /// The tap's address as the sync repository takes a peer.
    var peerAddress: PeerAddress { PeerAddress(host: address.ipAddress ?? "127.0.0.1", port: address.port ?? 0) }

    private init(channel: any Channel, address: SocketAddress, counter: Counter) {
        self.channel = channel
        self.address = address
        self.counter = counter
    }

    static func bind() async throws -> WireTap {
        let counter = Counter()
        let channel = try await DatagramBootstrap(group: MultiThreadedEventLoopGroup.singleton)
            .channelInitializer { channel in
                channel.eventLoop.makeCompletedFuture { try channel.pipeline.syncOperations.addHandler(counter) }
            }
            .bind(host: "127.0.0.1", port: 0)
            .get()
        guard let address = channel.localAddress else { throw ChannelError.unknownLocalAddress }
        return WireTap(channel: channel, address: address, counter: counter)
    }

    /// What arrived so far, by message type.
    var byType: [Int: Tally] { counter.tallies.withLock { $0 } }

    /// Forgets what arrived so far (the warm-up).
    func reset() { counter.tallies.withLock { $0 = [:] } }

    func close() async { try? await channel.close() }

    private final class Counter: ChannelInboundHandler, Sendable {
        typealias InboundIn = AddressedEnvelope<ByteBuffer>
        let tallies = Mutex<[Int: Tally]>([:])

        func channelRead(context: ChannelHandlerContext, data: NIOAny) {
            let payload = Self.unwrapInboundIn(data).data
            let type = payload.getInteger(at: payload.readerIndex + 3, as: UInt8.self).map { Int($0 >> 4) } ?? 0
            let length = payload.readableBytes
            tallies.withLock { all in
                all[type, default: Tally()].count += 1
                all[type, default: Tally()].bytes += length
                all[type, default: Tally()].largest = max(all[type, default: Tally()].largest, length)
            }
        }
    }
}
