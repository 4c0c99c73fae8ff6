import Domain
import SyncWire

/// Where each runner was last heard from (docs/PROTOCOL.md, "Lobby"): a lobby message to one runner, a
/// course request to its host and a pairing message go there, and a start outcome names each starting
/// runner's address from here. Bounded: at most `capacity` runners; one held moves with what it sends,
/// a newcomer to a full table is not kept. What a start outcome names is kept only for a runner not
/// heard from itself: its own datagrams say where it is. Pure state under the peer state's lock.
struct RunnerAddresses: Sendable {
    /// The most runners kept.
    let capacity: Int
    private var addresses: [RunnerID: PeerAddress] = [:]

    init(capacity: Int) {
        self.capacity = capacity
    }

    /// Where `runner` was last heard from, if it was.
    subscript(runner: RunnerID) -> PeerAddress? {
        addresses[runner]
    }

    /// How many runners are kept.
    var count: Int { addresses.count }

    /// `runner` sent a datagram from `address`: it is there now (unless the table is full of others).
    mutating func heard(_ runner: RunnerID, at address: PeerAddress) {
        if addresses[runner] != nil || addresses.count < capacity { addresses[runner] = address }
    }

    /// A start outcome from a validated host says `runner` is at `address`: kept if nothing is known of it.
    mutating func named(_ runner: RunnerID, at address: PeerAddress) {
        if addresses[runner] == nil { heard(runner, at: address) }
    }

    /// Forgets `runner` (evicted from the directory).
    mutating func forget(_ runner: RunnerID) {
        addresses[runner] = nil
    }

    /// `runner` as a start outcome names it: its id and IPv4 address (nil when unknown or not IPv4).
    func startingRunner(_ runner: RunnerID) -> StartingRunner? {
        guard let address = addresses[runner], let ipv4 = StartingRunner.ipv4(address.host),
              let port = UInt16(exactly: address.port)
        else { return nil }
        return StartingRunner(id: runner, ipv4: ipv4, port: port)
    }
}
