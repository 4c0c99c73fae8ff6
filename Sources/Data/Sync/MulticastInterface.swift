import Domain
import NIOCore

/// Which interface the race's multicast group is joined on (docs/PROTOCOL.md, "Multicast"): the first
/// interface, up to multicast and not a loopback, whose IPv4 network holds one of our mates' addresses.
/// None when no mate is on a network of ours (mates behind a router, on loopback, on IPv6 only): the
/// race then stays unicast, and nothing is ever sent to a group on a network without mates.
enum MulticastInterface {
    /// One interface as the choice needs it.
    struct Candidate: Sendable, Equatable {
        var name: String
        /// Its IPv4 address and netmask, as 32-bit numbers in host order.
        var address: UInt32
        var netmask: UInt32
        var multicast: Bool
    }

    /// The IPv4 address `host` as a 32-bit number in host order (nil: not an IPv4 address).
    static func ipv4(_ host: String) -> UInt32? {
        let parts = host.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 4 else { return nil }
        var value: UInt32 = 0
        for part in parts {
            guard part.count <= 3, let byte = UInt8(part) else { return nil }
            value = value << 8 | UInt32(byte)
        }
        return value
    }

    /// The index in `candidates` of the interface to join on for mates at `peers`, or nil.
    static func choose(for peers: [PeerAddress], among candidates: [Candidate]) -> Int? {
        let mates = peers.compactMap { ipv4($0.host) }.filter { $0 >> 24 != 127 }
        for (index, candidate) in candidates.enumerated() {
            guard candidate.multicast, candidate.address >> 24 != 127, candidate.netmask != 0 else { continue }
            let network = candidate.address & candidate.netmask
            if mates.contains(where: { $0 & candidate.netmask == network && $0 != candidate.address }) { return index }
        }
        return nil
    }

    /// The interface of this machine to join on for mates at `peers`, or nil.
    static func device(for peers: [PeerAddress]) -> NIONetworkDevice? {
        guard let devices = try? System.enumerateDevices() else { return nil }
        let usable = devices.compactMap { device -> (NIONetworkDevice, Candidate)? in
            guard case .v4 = device.address, let address = device.address?.ipAddress.flatMap(ipv4),
                  let netmask = device.netmask?.ipAddress.flatMap(ipv4)
            else { return nil }
            return (device, Candidate(name: device.name, address: address, netmask: netmask, multicast: device.multicastSupported))
        }
        return choose(for: peers, among: usable.map(\.1)).map { usable[$0].0 }
    }
}
