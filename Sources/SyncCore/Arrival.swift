import Domain

/// Where and when one received datagram arrived, as the receiving steps of `PeerState` need it: its
/// source, its length (an unvalidated source's credit for a challenge), the wall clock, and whether it
/// came on the multicast group.
struct Arrival: Sendable {
    /// The datagram's source address.
    var source: PeerAddress
    /// Its length in bytes, tag included.
    var length: Int
    /// The wall clock when it was read, microseconds since 1970.
    var now: UInt64
    /// The wall clock, for steps that read it again (a pong's t3, a pong's t4).
    var clocks: SyncClocks
    /// A boot that came signed by its runner (an invited race's, `SignedBoot`).
    var signedBoot = false
    /// Whether it came on the race's multicast group (else unicast).
    var viaGroup = false

    /// A datagram of `length` bytes from `source`, read now on `clocks`.
    init(source: PeerAddress, length: Int, clocks: SyncClocks, viaGroup: Bool = false) {
        self.source = source
        self.viaGroup = viaGroup
        self.length = length
        self.clocks = clocks
        self.now = clocks.microseconds()
    }
}
