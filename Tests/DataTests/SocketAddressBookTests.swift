@testable import Data
import Domain
import NIOCore
import Testing

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Between `PeerAddress` text and SwiftNIO's socket addresses, with the sources' text kept.
@Suite("SocketAddressBook")
struct SocketAddressBookTests {
    @Test("a source's text is its IP address and port, the same every time it is asked for")
    func sourceText() throws {
        let book = SocketAddressBook()
        let v4 = try SocketAddress(ipAddress: "192.0.2.7", port: 4_242)
        let v6 = try SocketAddress(ipAddress: "2001:db8::1", port: 9)
        for _ in 0..<3 {
            #expect(book.peerAddress(of: v4) == PeerAddress(host: "192.0.2.7", port: 4_242))
            #expect(book.peerAddress(of: v6) == PeerAddress(host: "2001:db8::1", port: 9))
        }
        #expect(book.socketAddress(of: PeerAddress(host: "192.0.2.7", port: 4_242)) == v4)
        #expect(book.socketAddress(of: PeerAddress(host: "mate.local", port: 1)) == nil)
    }

    @Test("more sources and destinations than the book keeps still convert right, both ways, before and after it is emptied")
    func beyondCapacity() throws {
        let book = SocketAddressBook()
        let count = SocketAddressBook.capacity * 2 + 3
        for round in 0..<2 {
            for index in 0..<count {
                let host = index % 2 == 0 ? "10.0.\(index / 250).\(index % 250 + 1)" : "2001:db8::\(String(index, radix: 16))"
                let port = 1_000 + index + round
                let address = try SocketAddress(ipAddress: host, port: port)
                #expect(book.peerAddress(of: address) == PeerAddress(host: host, port: port))
                #expect(book.socketAddress(of: PeerAddress(host: host, port: port + count)) == (try SocketAddress(ipAddress: host, port: port + count)))
            }
            // A name is never an address, however full the book.
            #expect(book.socketAddress(of: PeerAddress(host: "mate.local", port: 1)) == nil)
        }
    }

    @Test("a scoped IPv6 source is sent back to with its scope")
    func scoped() throws {
        var address = sockaddr_in6()
        address.sin6_family = sa_family_t(AF_INET6)
        address.sin6_port = in_port_t(5_000).bigEndian
        address.sin6_scope_id = 3
        #expect(inet_pton(AF_INET6, "fe80::1", &address.sin6_addr) == 1)
        let source = SocketAddress(address, host: "")
        let book = SocketAddressBook()
        let peer = book.peerAddress(of: source)
        #expect(peer == PeerAddress(host: "fe80::1", port: 5_000))
        #expect(book.peerAddress(of: source) == peer)
        guard case .v6(let back) = book.socketAddress(of: peer) else {
            Issue.record("no IPv6 address for \(peer)")
            return
        }
        #expect(back.address.sin6_scope_id == 3)
    }
}
