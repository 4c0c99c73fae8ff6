import Domain
import NIOConcurrencyHelpers
import NIOCore

/// Decodes incoming datagrams on the event loop; valid progress goes to the repository's stream,
/// everything else is counted and dropped.
final class ProgressDatagramHandler: ChannelInboundHandler {
    typealias InboundIn = AddressedEnvelope<ByteBuffer>

    private let sink: @Sendable (RunnerProgress, SocketAddress) -> Void
    private let statistics: NIOLockedValueBox<SyncStatistics>

    init(statistics: NIOLockedValueBox<SyncStatistics>, sink: @escaping @Sendable (RunnerProgress, SocketAddress) -> Void) {
        self.statistics = statistics
        self.sink = sink
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        let envelope = unwrapInboundIn(data)
        var buffer = envelope.data
        let bytes = buffer.readBytes(length: min(buffer.readableBytes, ProgressDatagram.maximumLength + 1)) ?? []
        statistics.withLockedValue { $0.datagramsReceived += 1 }
        do {
            let progress = try ProgressDatagram.decode(bytes)
            sink(progress, envelope.remoteAddress)
        } catch {
            statistics.withLockedValue { $0.dropped[error.reason, default: 0] += 1 }
        }
    }

    func errorCaught(context: ChannelHandlerContext, error: any Error) {
        // A UDP socket reports ICMP errors for earlier sends here; they are not fatal.
        statistics.withLockedValue { $0.sendFailures += 1 }
    }
}
