import Domain
import NIOCore
import Synchronization

/// Between our `PeerAddress` (host text and port) and SwiftNIO's `SocketAddress`. An IP address converts
/// both ways as text; an IPv6 address with a scope (a link-local mate, `fe80::…%eth0`) loses its scope
/// as text, so the socket addresses of those are remembered (a bounded number) and used to send back.
final class SocketAddressBook: Sendable {
    /// The most scoped addresses remembered.
    static let capacity = 256

    private let scoped = Mutex<[PeerAddress: SocketAddress]>([:])

    /// An empty book.
    init() {}

    /// The `PeerAddress` of a socket address (host: its IP address as text).
    func peerAddress(of address: SocketAddress) -> PeerAddress {
        let peer = PeerAddress(host: address.ipAddress ?? "\(address)", port: address.port ?? 0)
        if case .v6(let v6) = address, v6.address.sin6_scope_id != 0 {
            scoped.withLock { known in
                if known[peer] != nil || known.count < Self.capacity { known[peer] = address }
            }
        }
        return peer
    }

    /// The socket address datagrams to `peer` go to; nil when its host is not an IP address.
    func socketAddress(of peer: PeerAddress) -> SocketAddress? {
        if let known = scoped.withLock({ $0[peer] }) { return known }
        return try? SocketAddress(ipAddress: peer.host, port: peer.port)
    }
}
