import Domain
import SyncWire

/// What a transport does with a datagram it read: `bytes` from `source` (on the race's group: `viaGroup`
/// is the receiver's to know); the datagrams returned go back to `source` at once, in order.
package typealias DatagramReceiver = @Sendable (_ bytes: [UInt8], _ source: PeerAddress) -> [[UInt8]]

/// Where a transport hands what it reads: every datagram (`receive`), and each error the network
/// reports for an earlier send (`failed`: counted, never fatal).
package struct DatagramInbox: Sendable {
    package var receive: DatagramReceiver
    package var failed: @Sendable () -> Void
    /// The race key now (nil: an open race), for a transport that seals what it carries with a key of
    /// the race's own (the broker's, docs/PROTOCOL.md, "Through a broker").
    package var raceKey: @Sendable () -> RaceKey?

    package init(receive: @escaping DatagramReceiver, failed: @escaping @Sendable () -> Void, raceKey: @escaping @Sendable () -> RaceKey? = { nil }) {
        self.receive = receive
        self.failed = failed
        self.raceKey = raceKey
    }
}

/// The seam between the sync and the network (docs/PROTOCOL.md, "Where the code lives"): a transport
/// only moves `(source, bytes)` in and out — to one address, or to the race's group, which reaches every
/// mate on it at once — and knows nothing of the protocol: what a datagram means, what to answer and
/// to whom to send is the core's (`PeerState`). UDP (`UDPTransport`) is one; another (a broker) plugs
/// in here without touching the core. The inbox a transport hands its datagrams to is given when it is
/// made, so it never reads before someone listens.
package protocol DatagramTransport: Sendable {
    /// Where datagrams to us arrive (never sent to).
    var localAddress: PeerAddress { get }

    /// Sends each of `datagrams` to its address, in order; for each, whether it was handed on (false:
    /// its address unusable, or the network refused it).
    func send(_ datagrams: [(bytes: [UInt8], address: PeerAddress)]) async -> [Bool]

    /// `peer` as given (`HOST:PORT`, a name or a numeric address) as this transport addresses it.
    func resolve(_ peer: PeerAddress) throws -> PeerAddress

    /// The group joined and the route it was joined on (an interface's name), if any.
    var joinedGroup: (address: PeerAddress, route: String)? { get }

    /// The route a group for mates at `peers` would be joined on; nil when none reaches them (the race
    /// then stays on one-to-one datagrams).
    func groupRoute(for peers: [PeerAddress]) -> String?

    /// Joins `group` on `route` (leaving the group joined before): what is sent to the group reaches
    /// every member, and what arrives on it goes to `receive`, whose answers go back one-to-one.
    func join(_ group: PeerAddress, route: String, receive: @escaping DatagramReceiver) async throws

    /// Leaves the group joined, if any.
    func leaveGroup() async

    /// Runs `body` once the transport has closed (by `close()` or an error).
    func onClose(_ body: @escaping @Sendable () -> Void)

    /// Closes the transport (and its group).
    func close() async

    /// Whether a mate heard on the group hears the group too: one connection carries both ways (a
    /// broker's race topic), unlike a multicast group, which may pass one way only. Then a mate heard on
    /// the group needs no unicast copies (`GroupHearing.heardMeansListening`).
    var groupCarriesBothWays: Bool { get }
}

extension DatagramTransport {
    /// A network's multicast group may pass one way only: only reports say who hears it.
    package var groupCarriesBothWays: Bool { false }
}
