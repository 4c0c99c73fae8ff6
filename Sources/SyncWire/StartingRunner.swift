import Domain

/// A runner of a start outcome: its id and the IPv4 address and UDP port the host hears it at
/// (0.0.0.0:0 when the host knows none, e.g. for itself: it is heard at the datagram's source).
package struct StartingRunner: Sendable, Hashable {
    /// The runner.
    package var id: RunnerID
    /// The IPv4 address, most significant byte first (a.b.c.d is a << 24 | b << 16 | c << 8 | d).
    package var ipv4: UInt32
    /// The UDP port (0: none known).
    package var port: UInt16

    /// Bytes on the wire: id, address, port.
    static let wireLength = 14

    /// A starting runner, at 0.0.0.0:0 unless an address is given.
    package init(id: RunnerID, ipv4: UInt32 = 0, port: UInt16 = 0) {
        self.id = id
        self.ipv4 = ipv4
        self.port = port
    }

    /// The address as `a.b.c.d`, or nil when none is given.
    package var host: String? {
        guard ipv4 != 0, port != 0 else { return nil }
        return [24, 16, 8, 0].map { String(ipv4 >> UInt32($0) & 0xFF) }.joined(separator: ".")
    }

    /// Parses `a.b.c.d` (nil for anything else, e.g. an IPv6 address).
    package static func ipv4(_ text: String) -> UInt32? {
        let parts = text.split(separator: ".", omittingEmptySubsequences: false).map { UInt8($0) }
        guard parts.count == 4, parts.allSatisfy({ $0 != nil }) else { return nil }
        return parts.reduce(UInt32(0)) { $0 << 8 | UInt32($1 ?? 0) }
    }
}
