import Domain
import NIOCore
import NIOPosix

/// The UDP socket under the sync protocol (SwiftNIO): binds, sends bytes to a `PeerAddress`, hands
/// every datagram it reads to a receiver, and closes. It knows nothing of the protocol: the receiver
/// (`PeerStateStore`) decides what a datagram means and what to answer.
final class UDPTransport: Sendable {
    /// What the transport does with a datagram: `bytes` from `source`; the result is written back to
    /// `source` at once, in order.
    typealias Receiver = @Sendable (_ bytes: [UInt8], _ source: PeerAddress) -> [[UInt8]]

    /// The address the socket is bound to (with the port the system picked, for port 0).
    let localAddress: PeerAddress
    private let channel: any Channel
    private let addresses: SocketAddressBook

    private init(channel: any Channel, localAddress: PeerAddress, addresses: SocketAddressBook) {
        self.channel = channel
        self.localAddress = localAddress
        self.addresses = addresses
    }

    /// Binds a UDP socket on `host`:`port` (port 0: any free port). Datagrams longer than
    /// `maximumLength` are cut to `maximumLength + 1` bytes before `receive` sees them (so it can refuse
    /// them as too long). `failed` hears of every error the socket reports for earlier sends.
    static func bind(
        host: String,
        port: Int,
        maximumLength: Int,
        group: any EventLoopGroup = MultiThreadedEventLoopGroup.singleton,
        receive: @escaping Receiver,
        failed: @escaping @Sendable () -> Void
    ) async throws(SyncError) -> UDPTransport {
        let addresses = SocketAddressBook()
        let channel: any Channel
        do {
            channel = try await DatagramBootstrap(group: group)
                .channelInitializer { channel in
                    channel.eventLoop.makeCompletedFuture {
                        try channel.pipeline.syncOperations.addHandler(
                            DatagramChannelHandler(maximumLength: maximumLength, addresses: addresses, receive: receive, failed: failed)
                        )
                    }
                }
                .bind(host: host, port: port)
                .get()
        } catch let error as IOError where error.errnoCode == EADDRINUSE {
            throw .portInUse(port)
        } catch {
            throw .cannotBind(host: host, port: port, reason: "\(error)")
        }
        guard let address = channel.localAddress else {
            try? await channel.close()
            throw .cannotBind(host: host, port: port, reason: "the socket has no local address")
        }
        return UDPTransport(channel: channel, localAddress: addresses.peerAddress(of: address), addresses: addresses)
    }

    /// Sends `bytes` to `address`; false when the address is not usable or the socket refused.
    func send(_ bytes: [UInt8], to address: PeerAddress) async -> Bool {
        guard let remote = addresses.socketAddress(of: address) else { return false }
        let envelope = AddressedEnvelope(remoteAddress: remote, data: channel.allocator.buffer(bytes: bytes))
        do {
            try await channel.writeAndFlush(envelope)
            return true
        } catch {
            return false
        }
    }

    /// Sends each of `datagrams` (bytes and address), in order, with one flush and one hop to the
    /// socket's event loop for all of them; for each, whether it went (false when its address is not
    /// usable or the socket refused).
    func send(_ datagrams: [(bytes: [UInt8], address: PeerAddress)]) async -> [Bool] {
        guard !datagrams.isEmpty else { return [] }
        if datagrams.count == 1 { return [await send(datagrams[0].bytes, to: datagrams[0].address)] }
        let remotes = datagrams.map { addresses.socketAddress(of: $0.address) }
        let channel = self.channel
        let loop = channel.eventLoop
        let written = loop.flatSubmit { () -> EventLoopFuture<[Bool]> in
            var writes: [EventLoopFuture<Void>] = []
            var slots: [Int?] = []
            for (index, remote) in remotes.enumerated() {
                guard let remote else {
                    slots.append(nil)
                    continue
                }
                slots.append(writes.count)
                writes.append(channel.write(AddressedEnvelope(remoteAddress: remote, data: channel.allocator.buffer(bytes: datagrams[index].bytes))))
            }
            channel.flush()
            let written = slots
            return EventLoopFuture.whenAllComplete(writes, on: loop).map { results in
                written.map { slot in
                    guard let slot, case .success = results[slot] else { return false }
                    return true
                }
            }
        }
        return (try? await written.get()) ?? Array(repeating: false, count: datagrams.count)
    }

    /// Resolves `peer`'s host (a name or an IP address) to the address datagrams go to.
    func resolve(_ peer: PeerAddress) throws(SyncError) -> PeerAddress {
        do {
            return addresses.peerAddress(of: try SocketAddress.makeAddressResolvingHost(peer.host, port: peer.port))
        } catch {
            throw .cannotResolvePeer(peer, reason: "\(error)")
        }
    }

    /// Runs `body` once the socket has closed (by `close()` or an error).
    func onClose(_ body: @escaping @Sendable () -> Void) {
        channel.closeFuture.whenComplete { _ in body() }
    }

    /// Closes the socket.
    func close() async {
        try? await channel.close()
    }
}
