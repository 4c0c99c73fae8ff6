import Domain
import NIOCore
import Synchronization

/// Between our `PeerAddress` (host text and port) and SwiftNIO's `SocketAddress`. An IP address converts
/// both ways as text; an IPv6 address with a scope (a link-local mate, `fe80::…%eth0`) loses its scope
/// as text, so the socket addresses of those are remembered (a bounded number) and used to send back.
final class SocketAddressBook: Sendable {
    /// The most scoped addresses remembered, and the most sources whose text is kept.
    static let capacity = 256

    private struct Known {
        /// Scoped IPv6 addresses, to send back to with their scope.
        var scoped: [PeerAddress: SocketAddress] = [:]
        /// The `PeerAddress` of each source heard lately: every datagram read needs its source as text,
        /// and `inet_ntop` (through `snprintf`) costs several times the lookup. Emptied when full.
        var sources: [SocketAddress: PeerAddress] = [:]
        /// The socket address of each peer sent to lately: every datagram sent needs one, and parsing
        /// the host's text (`inet_pton`, a new `SocketAddress`) costs several times the lookup. Emptied
        /// when full.
        var destinations: [PeerAddress: SocketAddress] = [:]
    }

    private let known = Mutex(Known())

    /// An empty book.
    init() {}

    /// The `PeerAddress` of a socket address (host: its IP address as text).
    func peerAddress(of address: SocketAddress) -> PeerAddress {
        if let peer = known.withLock({ $0.sources[address] }) { return peer }
        let peer = PeerAddress(host: address.ipAddress ?? "\(address)", port: address.port ?? 0)
        let isScoped = if case .v6(let v6) = address { v6.address.sin6_scope_id != 0 } else { false }
        known.withLock { known in
            if known.sources.count >= Self.capacity { known.sources.removeAll(keepingCapacity: true) }
            known.sources[address] = peer
            if isScoped, known.scoped[peer] != nil || known.scoped.count < Self.capacity { known.scoped[peer] = address }
        }
        return peer
    }

    /// The socket address datagrams to `peer` go to; nil when its host is not an IP address.
    func socketAddress(of peer: PeerAddress) -> SocketAddress? {
        if let known = known.withLock({ $0.scoped[peer] ?? $0.destinations[peer] }) { return known }
        guard let address = try? SocketAddress(ipAddress: peer.host, port: peer.port) else { return nil }
        known.withLock { known in
            if known.destinations.count >= Self.capacity { known.destinations.removeAll(keepingCapacity: true) }
            known.destinations[peer] = address
        }
        return address
    }
}
