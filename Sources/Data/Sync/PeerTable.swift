import Domain

/// The addresses this peer sends to, and which of them proved they asked for it (docs/PROTOCOL.md,
/// "Address validation"). A `--peer` or a discovered address is trusted as given; an address learned
/// from an incoming datagram, or named by a start outcome, gets nothing but address challenges until it
/// echoes our random cookie, and no more challenge bytes than it sent us (so a spoofed source gets no
/// amplified traffic). Learned addresses silent for `silenceLimit` expire; a full table evicts the
/// oldest silent learned address (unvalidated ones first) instead of refusing newcomers.
struct PeerTable: Sendable {
    /// A learned address heard from for no longer than this (µs, 30 s) is forgotten.
    static let silenceLimit: UInt64 = 30_000_000
    /// At most one challenge per this interval to one address (µs, 1 s).
    static let challengeInterval: UInt64 = 1_000_000
    /// Challenges sent, unasked, to an address named by a start outcome.
    static let namedChallenges = 3
    /// Bytes received and not yet answered that an unvalidated address may keep as credit.
    static let maximumCredit = 128

    /// How an address became a peer.
    enum Origin: Sendable, Equatable { case configured, learned, named }

    /// What is known of one address.
    struct Entry: Sendable, Equatable {
        var origin: Origin
        var validated: Bool
        var lastHeard: UInt64
        var cookie: UInt64
        var credit = 0
        var challengedAt: UInt64?
        var challengesLeft = 0
    }

    /// The most addresses kept.
    let capacity: Int
    /// The addresses, in the order they were learned.
    private(set) var addresses: [PeerAddress] = []
    private(set) var entries: [PeerAddress: Entry] = [:]

    init(capacity: Int) {
        self.capacity = capacity
    }

    /// Whether datagrams other than challenges may go to `address`.
    func isValidated(_ address: PeerAddress) -> Bool {
        entries[address]?.validated ?? false
    }

    /// The validated addresses, in the order learned.
    var validated: [PeerAddress] {
        addresses.filter { entries[$0]?.validated ?? false }
    }

    /// A `--peer` or discovered address: trusted as given, never expires.
    mutating func configure(_ address: PeerAddress, now: UInt64) {
        if entries[address] != nil {
            entries[address]?.origin = .configured
            entries[address]?.validated = true
        } else if makeRoom() {
            insert(address, Entry(origin: .configured, validated: true, lastHeard: now, cookie: 0))
        }
    }

    /// `bytes` came from `address` in a valid datagram that makes it a peer: learned (unvalidated) if
    /// new, its silence reset, and its credit for a challenge grown while it is unvalidated.
    mutating func heard(_ address: PeerAddress, bytes: Int, now: UInt64) {
        // A known address (nearly every datagram): one lookup, the entry changed in place.
        if let index = entries.index(forKey: address) {
            entries.values[index].lastHeard = now
            if !entries.values[index].validated {
                entries.values[index].credit = min(Self.maximumCredit, entries.values[index].credit + bytes)
            }
            return
        }
        guard makeRoom() else { return }
        insert(address, Entry(
            origin: .learned, validated: false, lastHeard: now, cookie: UInt64.random(in: 1...UInt64.max),
            credit: min(Self.maximumCredit, bytes)
        ))
    }

    /// An address a start outcome names: challenged (`namedChallenges` times) before anything else goes to it.
    mutating func named(_ address: PeerAddress, now: UInt64) {
        guard entries[address] == nil, makeRoom() else { return }
        insert(address, Entry(
            origin: .named, validated: false, lastHeard: now, cookie: UInt64.random(in: 1...UInt64.max),
            challengesLeft: Self.namedChallenges
        ))
    }

    /// The cookie to challenge `address` with now, as an answer of `length` bytes to what it sent, or
    /// nil: validated already, not enough credit, or challenged less than `challengeInterval` ago.
    mutating func challenge(_ address: PeerAddress, length: Int, now: UInt64) -> UInt64? {
        guard let entry = entries[address], !entry.validated, entry.credit >= length,
              entry.challengedAt.map({ now >= $0 + Self.challengeInterval }) ?? true
        else { return nil }
        entries[address]?.credit -= length
        entries[address]?.challengedAt = now
        return entry.cookie
    }

    /// The unvalidated addresses to challenge now, with their cookies: named ones unasked (while they
    /// have challenges left), learned ones within their credit (`length` bytes each).
    mutating func challengesDue(length: Int, now: UInt64) -> [(address: PeerAddress, cookie: UInt64)] {
        var due: [(PeerAddress, UInt64)] = []
        for address in addresses {
            guard var entry = entries[address], !entry.validated,
                  entry.challengedAt.map({ now >= $0 + Self.challengeInterval }) ?? true
            else { continue }
            if entry.challengesLeft > 0 {
                entry.challengesLeft -= 1
            } else if entry.origin == .learned, entry.credit >= length {
                entry.credit -= length
            } else {
                continue
            }
            entry.challengedAt = now
            entries[address] = entry
            due.append((address, entry.cookie))
        }
        return due
    }

    /// `address` echoed `cookie`: validated if it is the cookie we sent it. Returns whether it was.
    mutating func echoed(_ cookie: UInt64, from address: PeerAddress, now: UInt64) -> Bool {
        guard let entry = entries[address], entry.validated || entry.challengedAt != nil, entry.cookie == cookie else { return false }
        entries[address]?.validated = true
        entries[address]?.lastHeard = now
        return true
    }

    /// Forgets learned and named addresses silent for longer than `silenceLimit`.
    mutating func expire(now: UInt64) {
        let silent = addresses.filter { address in
            guard let entry = entries[address], entry.origin != .configured else { return false }
            return now > entry.lastHeard + Self.silenceLimit
        }
        for address in silent { remove(address) }
    }

    /// Makes room for one more address: evicts the oldest silent unvalidated learned address, else the
    /// oldest silent validated one; configured addresses stay. False when nothing can go.
    private mutating func makeRoom() -> Bool {
        guard addresses.count >= capacity else { return true }
        let candidates = addresses.compactMap { address in entries[address].map { (address, $0) } }
            .filter { $0.1.origin != .configured }
        let victim = candidates.min { left, right in
            left.1.validated != right.1.validated ? !left.1.validated : left.1.lastHeard < right.1.lastHeard
        }
        guard let victim else { return false }
        remove(victim.0)
        return true
    }

    private mutating func insert(_ address: PeerAddress, _ entry: Entry) {
        entries[address] = entry
        addresses.append(address)
    }

    private mutating func remove(_ address: PeerAddress) {
        entries[address] = nil
        addresses.removeAll { $0 == address }
    }
}
