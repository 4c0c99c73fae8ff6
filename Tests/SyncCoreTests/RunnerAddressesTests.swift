import Domain
@testable import SyncCore
import SyncWire
import Testing

/// Where each runner was last heard from (`RunnerAddresses`), alone: bounded, moved by the runner's own
/// datagrams, never by a start outcome about a runner heard from itself.
@Suite("Runner addresses")
struct RunnerAddressesTests {
    static let (alice, bob, carol) = (RunnerID(rawValue: 0xA1), RunnerID(rawValue: 0xB0), RunnerID(rawValue: 0xC0))
    static let (home, cafe) = (PeerAddress(host: "10.0.0.2", port: 47474), PeerAddress(host: "10.0.0.9", port: 5000))

    @Test("a runner moves with what it sends; a start outcome names only a runner not heard from itself")
    func heardWinsOverNamed() {
        var addresses = RunnerAddresses(capacity: 4)
        addresses.named(Self.bob, at: Self.home)
        #expect(addresses[Self.bob] == Self.home)
        addresses.heard(Self.bob, at: Self.cafe)
        #expect(addresses[Self.bob] == Self.cafe)
        addresses.named(Self.bob, at: Self.home)
        #expect(addresses[Self.bob] == Self.cafe, "a host's start outcome never moves a runner heard from itself")
        addresses.forget(Self.bob)
        #expect(addresses[Self.bob] == nil)
    }

    @Test("bounded: a full table keeps moving the runners it holds and takes no newcomer")
    func bounded() {
        var addresses = RunnerAddresses(capacity: 2)
        addresses.heard(Self.alice, at: Self.home)
        addresses.heard(Self.bob, at: Self.home)
        addresses.heard(Self.carol, at: Self.cafe)
        addresses.named(Self.carol, at: Self.cafe)
        #expect(addresses[Self.carol] == nil && addresses.count == 2)
        addresses.heard(Self.alice, at: Self.cafe)
        #expect(addresses[Self.alice] == Self.cafe)
    }

    @Test("as a start outcome names a runner: IPv4 and port; nothing for an unknown runner or an IPv6 address")
    func startingRunner() {
        var addresses = RunnerAddresses(capacity: 4)
        addresses.heard(Self.alice, at: Self.home)
        addresses.heard(Self.bob, at: PeerAddress(host: "fe80::1", port: 47474))
        #expect(addresses.startingRunner(Self.alice) == StartingRunner(id: Self.alice, ipv4: 0x0A00_0002, port: 47474))
        #expect(addresses.startingRunner(Self.alice)?.host == "10.0.0.2")
        #expect(addresses.startingRunner(Self.bob) == nil)
        #expect(addresses.startingRunner(Self.carol) == nil)
    }
}
