import Domain
import NIOCore
import NIOPosix
import SyncCore
import Synchronization

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The UDP socket under the sync protocol (SwiftNIO), a `DatagramTransport`: binds, sends bytes to a
/// `PeerAddress`, hands every datagram it reads to a receiver, and closes; its group is the race's
/// multicast group. It knows nothing of the protocol: the receiver (`PeerStateStore`) decides what a
/// datagram means and what to answer.
final class UDPTransport: DatagramTransport {
    /// What the transport does with a datagram: `bytes` from `source`; the result is written back to
    /// `source` at once, in order.
    typealias Receiver = DatagramReceiver

    /// The address the socket is bound to (with the port the system picked, for port 0).
    let localAddress: PeerAddress
    private let channel: any Channel
    private let addresses: SocketAddressBook
    private let maximumLength: Int
    private let group: any EventLoopGroup
    /// Whether datagrams go straight to the socket where the system allows it (`DatagramBatchSender`);
    /// false: every one through the channel (tests of that way).
    private let sendsInBatches: Bool
    /// The socket's descriptor for those sends, asked of the channel once (the asking is a dynamic cast
    /// that costs more than the sends); -1 where the channel does not give it.
    private let descriptor = Mutex<CInt?>(nil)
    /// The multicast group joined, and the socket that reads it.
    private let joined = Mutex<(group: PeerAddress, device: String, channel: any Channel)?>(nil)
    /// The interface `groupRoute(for:)` named last, for `join(_:route:receive:)`.
    private let chosenDevice = Mutex<NIONetworkDevice?>(nil)

    private init(
        channel: any Channel, localAddress: PeerAddress, addresses: SocketAddressBook, maximumLength: Int, group: any EventLoopGroup,
        sendsInBatches: Bool
    ) {
        self.channel = channel
        self.sendsInBatches = sendsInBatches
        self.localAddress = localAddress
        self.addresses = addresses
        self.maximumLength = maximumLength
        self.group = group
    }

    /// Binds a UDP socket on `host`:`port` (port 0: any free port). Datagrams longer than
    /// `maximumLength` are cut to `maximumLength + 1` bytes before `receive` sees them (so it can refuse
    /// them as too long). `failed` hears of every error the socket reports for earlier sends.
    /// `sendsInBatches` false sends every datagram through the channel, never straight to the socket.
    static func bind(
        host: String,
        port: Int,
        maximumLength: Int,
        group: any EventLoopGroup = MultiThreadedEventLoopGroup.singleton,
        sendsInBatches: Bool = true,
        receive: @escaping Receiver,
        failed: @escaping @Sendable () -> Void
    ) async throws(SyncError) -> UDPTransport {
        let addresses = SocketAddressBook()
        let channel: any Channel
        do {
            channel = try await DatagramBootstrap(group: group)
                .readingInBatches()
                .channelInitializer { channel in
                    channel.eventLoop.makeCompletedFuture {
                        try channel.pipeline.syncOperations.addHandler(
                            DatagramChannelHandler(maximumLength: maximumLength, addresses: addresses, receive: receive, failed: failed)
                        )
                    }
                }
                .bind(host: host, port: port)
                .get()
            #if os(Linux)
            // Only the groups this socket joins (none): multicast to our port is not for the unicast socket.
            if channel.localAddress?.protocol == .inet {
                try await channel.setOption(ChannelOptions.ipOption(NIOBSDSocket.Option(rawValue: CInt(IP_MULTICAST_ALL))), value: 0).get()
            }
            #endif
        } catch let error as IOError where error.errnoCode == EADDRINUSE {
            throw .portInUse(port)
        } catch {
            throw .cannotBind(host: host, port: port, reason: "\(error)")
        }
        guard let address = channel.localAddress else {
            try? await channel.close()
            throw .cannotBind(host: host, port: port, reason: "the socket has no local address")
        }
        return UDPTransport(
            channel: channel, localAddress: addresses.peerAddress(of: address), addresses: addresses, maximumLength: maximumLength, group: group,
            sendsInBatches: sendsInBatches
        )
    }

    // MARK: Multicast (docs/PROTOCOL.md, "Multicast")

    /// The group joined and the interface's name, if any.
    var multicastGroup: (group: PeerAddress, device: String)? {
        joined.withLock { $0.map { ($0.group, $0.device) } }
    }

    /// The group joined and its interface's name (`DatagramTransport`).
    var joinedGroup: (address: PeerAddress, route: String)? {
        multicastGroup.map { (address: $0.group, route: $0.device) }
    }

    /// The interface whose IPv4 network holds one of the mates at `peers` (`MulticastInterface`), by
    /// name; nil when none does (the race stays unicast).
    func groupRoute(for peers: [PeerAddress]) -> String? {
        let device = MulticastInterface.device(for: peers)
        chosenDevice.withLock { $0 = device }
        return device?.name
    }

    /// Joins `group` on the interface `route` names (the one `groupRoute(for:)` chose).
    func join(_ group: PeerAddress, route: String, receive: @escaping Receiver) async throws {
        let chosen = chosenDevice.withLock { $0 }
        guard let device = chosen, device.name == route else {
            throw SyncError.cannotJoinGroup(group, device: route, reason: "the interface is no longer there")
        }
        try await join(group, on: device, receive: receive)
    }

    /// Joins `group` on `device`: datagrams sent to the group go out of that interface (and come back to
    /// other sockets of this host that joined it), and a second socket, bound to the group's address
    /// and port with `SO_REUSEADDR` (every process of the race on this host has one), hands what it
    /// reads to `receive`; the answers go back from the unicast socket. Leaves the group joined before.
    func join(_ group: PeerAddress, on device: NIONetworkDevice, receive: @escaping Receiver) async throws(SyncError) {
        await leaveGroup()
        guard case .v4(let interface) = device.address, let provider = channel as? any SocketOptionProvider else {
            throw .cannotJoinGroup(group, device: device.name, reason: "the interface has no IPv4 address")
        }
        let addresses = self.addresses
        let unicast = self.channel
        let forward: Receiver = { bytes, source in
            let answers = receive(bytes, source)
            if let remote = addresses.socketAddress(of: source) {
                for answer in answers {
                    unicast.writeAndFlush(AddressedEnvelope(remoteAddress: remote, data: unicast.allocator.buffer(bytes: answer)), promise: nil)
                }
            }
            return []
        }
        let reader: any Channel
        do {
            try await provider.setIPMulticastIF(interface.address.sin_addr).get()
            try await provider.setIPMulticastLoop(1).get()
            try await provider.setIPMulticastTTL(1).get()
            let groupAddress = try SocketAddress(ipAddress: group.host, port: group.port)
            let maximumLength = self.maximumLength
            reader = try await DatagramBootstrap(group: self.group)
                .channelOption(.socketOption(.so_reuseaddr), value: 1)
                .readingInBatches()
                .channelInitializer { channel in
                    channel.eventLoop.makeCompletedFuture {
                        try channel.pipeline.syncOperations.addHandler(
                            DatagramChannelHandler(maximumLength: maximumLength, addresses: addresses, receive: forward, failed: {})
                        )
                    }
                }
                .bind(to: groupAddress)
                .get()
            guard let multicast = reader as? any MulticastChannel else {
                try? await reader.close()
                throw SyncError.cannotJoinGroup(group, device: device.name, reason: "the socket cannot join groups")
            }
            do {
                try await multicast.joinGroup(groupAddress, device: device).get()
            } catch {
                try? await reader.close()
                throw error
            }
        } catch let error as SyncError {
            throw error
        } catch {
            throw .cannotJoinGroup(group, device: device.name, reason: "\(error)")
        }
        joined.withLock { $0 = (group, device.name, reader) }
    }

    /// Leaves the group joined, if any (its socket closes).
    func leaveGroup() async {
        let reader = joined.withLock { joined -> (any Channel)? in
            defer { joined = nil }
            return joined?.channel
        }
        try? await reader?.close()
    }

    /// Sends each of `datagrams` (bytes and address), in order; for each, whether it went (false when its
    /// address is not usable or the socket refused it). On the socket's event loop, where the process
    /// runs its tasks (`ProcessExecutor`), they go at once, many to a system call
    /// (`DatagramBatchSender`); from elsewhere after one hop to the loop. Those the socket cannot take at
    /// once (its buffer full) go through the channel, which keeps them until it can.
    func send(_ datagrams: [(bytes: [UInt8], address: PeerAddress)]) async -> [Bool] {
        guard !datagrams.isEmpty else { return [] }
        let payloads = datagrams.map(\.bytes)
        let remotes = datagrams.map { addresses.socketAddress(of: $0.address) }
        let loop = channel.eventLoop
        var outcome: Sending
        if loop.inEventLoop {
            outcome = sendOnLoop(payloads, to: remotes)
        } else {
            guard let sending = try? await loop.submit({ self.sendOnLoop(payloads, to: remotes) }).get() else {
                return Array(repeating: false, count: datagrams.count)
            }
            outcome = sending
        }
        if let queued = outcome.queued {
            let written = (try? await queued.get()) ?? Array(repeating: false, count: outcome.queuedIndices.count)
            for (index, went) in zip(outcome.queuedIndices, written) { outcome.sent[index] = went }
        }
        return outcome.sent.map { $0 ?? false }
    }

    /// What `sendOnLoop` did: whether each datagram went (nil while queued), and for those the channel
    /// queued, their places and whether each went once written.
    private struct Sending: Sendable {
        var sent: [Bool?]
        var queuedIndices: [Int] = []
        var queued: EventLoopFuture<[Bool]>?
    }

    /// On the event loop: the datagrams straight to the socket where the system allows it, the rest (or
    /// all, elsewhere) written through the channel with one flush.
    private func sendOnLoop(_ payloads: [[UInt8]], to remotes: [SocketAddress?]) -> Sending {
        var outcome = Sending(sent: Array(repeating: nil, count: payloads.count))
        #if os(Linux)
        if sendsInBatches, let socket = socketDescriptor() {
            outcome.sent = DatagramBatchSender.send(payloads, to: remotes, socket: socket)
        }
        #endif
        var writes: [EventLoopFuture<Void>] = []
        for index in payloads.indices where outcome.sent[index] == nil {
            guard let remote = remotes[index] else {
                outcome.sent[index] = false
                continue
            }
            outcome.queuedIndices.append(index)
            writes.append(channel.write(AddressedEnvelope(remoteAddress: remote, data: channel.allocator.buffer(bytes: payloads[index]))))
        }
        guard !writes.isEmpty else { return outcome }
        channel.flush()
        outcome.queued = EventLoopFuture.whenAllComplete(writes, on: channel.eventLoop).map { results in
            results.map { result in
                guard case .success = result else { return false }
                return true
            }
        }
        return outcome
    }

    /// The socket's descriptor, on the event loop while the channel is open (it closes on the loop, so
    /// the descriptor cannot be closed and reused during the sends); nil when closed or not given.
    private func socketDescriptor() -> CInt? {
        guard channel.isActive else { return nil }
        if let known = descriptor.withLock({ $0 }) { return known >= 0 ? known : nil }
        let asked = try? channel.pipeline.syncOperations.withUnsafeTransportIfAvailable(of: NIOBSDSocket.Handle.self) { $0 }
        descriptor.withLock { $0 = asked ?? -1 }
        return asked
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

    /// Closes the socket (and the group's).
    func close() async {
        await leaveGroup()
        try? await channel.close()
    }
}

extension DatagramBootstrap {
    /// Up to this many datagrams read by one system call (`recvmmsg`), on Linux.
    static let datagramsPerRead = 16
    /// The room for each of them: more than any datagram of the protocol (`SyncDatagramCodec.maximumLength`).
    static let bytesPerDatagram = 2_048

    /// Datagrams that wait in the socket read `datagramsPerRead` at a time (a runner with many mates, or
    /// one that fell behind, reads them in a few system calls instead of one each); elsewhere than Linux,
    /// one at a time as before.
    ///
    /// One `recvmmsg` a time the socket is readable: SwiftNIO's default (up to 4 reads in a row, until
    /// one finds nothing) made the usual wake-up, one mate's datagram, two system calls, the second only
    /// to learn the socket was empty. Epoll is level-triggered here, so datagrams beyond the first 16
    /// wake the loop again at once (docs/BENCHMARKS.md, "one read a wake-up").
    func readingInBatches() -> DatagramBootstrap {
        #if os(Linux)
        channelOption(.datagramVectorReadMessageCount, value: Self.datagramsPerRead)
            .channelOption(.maxMessagesPerRead, value: 1)
            .channelOption(.recvAllocator, value: FixedSizeRecvByteBufferAllocator(capacity: Self.datagramsPerRead * Self.bytesPerDatagram))
        #else
        self
        #endif
    }
}
