import Domain

/// Where a runner on both a broker and a LAN (`--broker-lan`, docs/BROKER.md, "The LAN as a shortcut")
/// meets the same group datagram twice: once on the race's broker topic, from a mate's broker address,
/// and once on the LAN's multicast group, from its LAN address. The sync knows each mate at its broker
/// address only, so this decides which copy goes on, and as coming from whom:
///
/// - a LAN address is **linked** to a broker address once the same bytes came from both (the broker's
///   copy sealed by that mate: it is the broker copy that vouches for the link). Until then a LAN copy is
///   held back (remembered, not delivered): the broker's copy, when it comes, is delivered and links.
/// - once linked, a LAN copy is delivered at once as coming from the broker address, and the broker's
///   copy of the same bytes is dropped when it comes; a broker copy that comes first is delivered, and
///   the LAN's dropped.
///
/// So each datagram reaches the sync once, from the address it knows. A forger on the LAN can link its
/// own address by replaying a mate's datagram, and then gets its datagrams delivered as that mate's: the
/// sync refuses them as it refuses the broker's (replays are duplicates; new ones fail the race key's
/// tag), as on a LAN. Nothing is ever sent to a LAN address, so a link diverts nothing. Both memories are
/// bounded: a flood only makes the LAN useless, never the broker.
struct LANShortcutMerge: Sendable {
    /// What to do with one copy.
    enum Verdict: Equatable, Sendable {
        /// Hand it to the sync as coming from this (broker) address.
        case deliver(from: PeerAddress)
        /// Drop it: the other way's copy was delivered, or it waits for the broker's.
        case drop
    }

    /// Datagrams remembered per way.
    static let memory = 4096
    /// LAN addresses linked at once.
    static let linkLimit = 256

    /// Bytes seen on the LAN: from where, and whether that copy was delivered.
    private var lan = BoundedMemory<(source: PeerAddress, delivered: Bool)>(capacity: memory)
    /// Bytes delivered from the broker, and from whom.
    private var broker = BoundedMemory<PeerAddress>(capacity: memory)
    /// LAN address -> broker address.
    private(set) var links: [PeerAddress: PeerAddress] = [:]
    private var linkOrder: [PeerAddress] = []

    /// Copies dropped because the other way's was delivered (each datagram counted once), and LAN copies
    /// delivered before the broker's.
    private(set) var duplicates = 0
    private(set) var deliveredFirstFromLAN = 0

    /// A group datagram, `digest` of its bytes, read on the LAN from `source`.
    mutating func fromLAN(_ digest: Int, source: PeerAddress) -> Verdict {
        if let sender = broker.value(of: digest) {
            link(source, to: sender)
            duplicates += 1
            return .drop
        }
        guard lan.value(of: digest) == nil else { return .drop }
        guard let sender = links[source] else {
            lan.insert(digest, (source, false))
            return .drop
        }
        lan.insert(digest, (source, true))
        deliveredFirstFromLAN += 1
        return .deliver(from: sender)
    }

    /// A group datagram, `digest` of its bytes, opened from the broker, sealed by `sender`.
    mutating func fromBroker(_ digest: Int, sender: PeerAddress) -> Verdict {
        if let seen = lan.value(of: digest) {
            link(seen.source, to: sender)
            duplicates += 1
            if seen.delivered { return .drop }
            lan.insert(digest, (seen.source, true))
        }
        guard broker.value(of: digest) == nil else { return .drop }
        broker.insert(digest, sender)
        return .deliver(from: sender)
    }

    private mutating func link(_ source: PeerAddress, to sender: PeerAddress) {
        if links[source] == nil {
            linkOrder.append(source)
            if linkOrder.count > Self.linkLimit { links[linkOrder.removeFirst()] = nil }
        }
        links[source] = sender
    }
}

/// The last `capacity` keys inserted, each with a value; the oldest forgotten first.
struct BoundedMemory<Value: Sendable>: Sendable {
    let capacity: Int
    private var values: [Int: Value] = [:]
    private var order: [Int] = []
    private var start = 0

    init(capacity: Int) {
        self.capacity = capacity
    }

    func value(of key: Int) -> Value? { values[key] }

    mutating func insert(_ key: Int, _ value: Value) {
        if values.updateValue(value, forKey: key) != nil { return }
        order.append(key)
        if order.count - start > capacity {
            values[order[start]] = nil
            start += 1
            if start > capacity {
                order.removeFirst(start)
                start = 0
            }
        }
    }
}
