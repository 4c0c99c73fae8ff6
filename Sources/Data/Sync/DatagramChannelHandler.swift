import Domain
import NIOCore

/// The transport's handler on the event loop: each datagram read goes to the receiver as bytes from a
/// `PeerAddress`, and the receiver's answers are written back to the datagram's source at once.
final class DatagramChannelHandler: ChannelInboundHandler {
    typealias InboundIn = AddressedEnvelope<ByteBuffer>
    typealias OutboundOut = AddressedEnvelope<ByteBuffer>

    private let maximumLength: Int
    private let addresses: SocketAddressBook
    private let receive: UDPTransport.Receiver
    private let failed: @Sendable () -> Void

    /// A handler reading at most `maximumLength + 1` bytes of each datagram.
    init(
        maximumLength: Int, addresses: SocketAddressBook, receive: @escaping UDPTransport.Receiver, failed: @escaping @Sendable () -> Void
    ) {
        self.maximumLength = maximumLength
        self.addresses = addresses
        self.receive = receive
        self.failed = failed
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        let envelope = unwrapInboundIn(data)
        var buffer = envelope.data
        let bytes = buffer.readBytes(length: min(buffer.readableBytes, maximumLength + 1)) ?? []
        let source = addresses.peerAddress(of: envelope.remoteAddress)
        for answer in receive(bytes, source) {
            let reply = AddressedEnvelope(remoteAddress: envelope.remoteAddress, data: context.channel.allocator.buffer(bytes: answer))
            context.writeAndFlush(wrapOutboundOut(reply), promise: nil)
        }
    }

    func errorCaught(context: ChannelHandlerContext, error: any Error) {
        // A UDP socket reports ICMP errors for earlier sends here; they are not fatal.
        failed()
    }
}
