@testable import Data
import Domain
import Testing

/// The interface a runner joins the race's multicast group on (docs/PROTOCOL.md, "Multicast"; the
/// group and who hears whom: SyncCoreTests/MulticastPeerStateTests).
@Suite("Multicast interface")
struct MulticastInterfaceTests {
    @Test("the group is joined on the interface whose network holds a mate; never on loopback, never without a mate on a network of ours")
    func interfaceChoice() {
        typealias Candidate = MulticastInterface.Candidate
        let ip = { (text: String) in MulticastInterface.ipv4(text)! }
        let candidates = [
            Candidate(name: "lo", address: ip("127.0.0.1"), netmask: ip("255.0.0.0"), multicast: true),
            Candidate(name: "wlan0", address: ip("192.168.1.20"), netmask: ip("255.255.255.0"), multicast: true),
            Candidate(name: "tun0", address: ip("10.8.0.2"), netmask: ip("255.255.255.0"), multicast: false),
            Candidate(name: "eth0", address: ip("10.250.0.2"), netmask: ip("255.255.0.0"), multicast: true),
        ]
        let peer = { (host: String) in PeerAddress(host: host, port: 47474) }
        #expect(MulticastInterface.choose(for: [peer("192.168.1.33")], among: candidates) == 1)
        #expect(MulticastInterface.choose(for: [peer("172.16.0.1"), peer("10.250.7.9")], among: candidates) == 3)
        #expect(MulticastInterface.choose(for: [peer("127.0.0.1")], among: candidates) == nil, "same-host mates race on loopback, unicast")
        #expect(MulticastInterface.choose(for: [peer("10.8.0.5")], among: candidates) == nil, "an interface without multicast")
        #expect(MulticastInterface.choose(for: [peer("8.8.8.8")], among: candidates) == nil, "a mate behind a router: unicast")
        #expect(MulticastInterface.choose(for: [peer("fe80::1"), peer("mate.local")], among: candidates) == nil)
        #expect(MulticastInterface.choose(for: [], among: candidates) == nil)
        #expect(MulticastInterface.ipv4("10.0.0.256") == nil && MulticastInterface.ipv4("1.2.3") == nil && MulticastInterface.ipv4("1.2.3.4") == 0x0102_0304)
    }
}
