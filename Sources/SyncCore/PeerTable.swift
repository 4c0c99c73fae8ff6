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
    /// Where the cookies come from: the generator the peer was given (the system's in a run).
    private var cookies: any RandomNumberGenerator & Sendable
    /// The addresses, in the order they were learned.
    private(set) var addresses: [PeerAddress] = []
    /// What is known of each address, at its address's index: the walks over every address (the
    /// validated ones for each send, the expiry and the challenges due for each datagram read) go
    /// through the array and hash no address's text (docs/BENCHMARKS.md).
    private var rows: [Entry] = []
    /// Each address's index in `addresses` and `rows`.
    private var positions: [PeerAddress: Int] = [:]

    init(capacity: Int, cookies: any RandomNumberGenerator & Sendable) {
        self.capacity = capacity
        self.cookies = cookies
    }

    /// A fresh cookie, never 0 (a configured address's, never challenged).
    private mutating func cookie() -> UInt64 {
        UInt64.random(in: 1...UInt64.max, using: &cookies)
    }

    /// What is known of `address`, if it is in the table.
    func entry(_ address: PeerAddress) -> Entry? {
        positions[address].map { rows[$0] }
    }

    /// Whether datagrams other than challenges may go to `address`.
    func isValidated(_ address: PeerAddress) -> Bool {
        entry(address)?.validated ?? false
    }

    /// The validated addresses, in the order learned.
    var validated: [PeerAddress] {
        var validated: [PeerAddress] = []
        validated.reserveCapacity(addresses.count)
        for index in rows.indices where rows[index].validated { validated.append(addresses[index]) }
        return validated
    }

    /// A `--peer` or discovered address: trusted as given, never expires.
    mutating func configure(_ address: PeerAddress, now: UInt64) {
        if let index = positions[address] {
            rows[index].origin = .configured
            rows[index].validated = true
        } else if makeRoom() {
            insert(address, Entry(origin: .configured, validated: true, lastHeard: now, cookie: 0))
        }
    }

    /// `bytes` came from `address` in a valid datagram that makes it a peer: learned (unvalidated) if
    /// new, its silence reset, and its credit for a challenge grown while it is unvalidated.
    mutating func heard(_ address: PeerAddress, bytes: Int, now: UInt64) {
        // A known address (nearly every datagram): one lookup, the entry changed in place.
        if let index = positions[address] {
            rows[index].lastHeard = now
            if !rows[index].validated {
                rows[index].credit = min(Self.maximumCredit, rows[index].credit + bytes)
            }
            return
        }
        guard makeRoom() else { return }
        insert(address, Entry(
            origin: .learned, validated: false, lastHeard: now, cookie: cookie(),
            credit: min(Self.maximumCredit, bytes)
        ))
    }

    /// An address a start outcome names: challenged (`namedChallenges` times) before anything else goes to it.
    mutating func named(_ address: PeerAddress, now: UInt64) {
        guard positions[address] == nil, makeRoom() else { return }
        insert(address, Entry(
            origin: .named, validated: false, lastHeard: now, cookie: cookie(),
            challengesLeft: Self.namedChallenges
        ))
    }

    /// The cookie to challenge `address` with now, as an answer of `length` bytes to what it sent, or
    /// nil: validated already, not enough credit, or challenged less than `challengeInterval` ago.
    mutating func challenge(_ address: PeerAddress, length: Int, now: UInt64) -> UInt64? {
        guard let index = positions[address] else { return nil }
        let entry = rows[index]
        guard !entry.validated, entry.credit >= length,
              entry.challengedAt.map({ now >= $0 + Self.challengeInterval }) ?? true
        else { return nil }
        rows[index].credit -= length
        rows[index].challengedAt = now
        return entry.cookie
    }

    /// The unvalidated addresses to challenge now, with their cookies: named ones unasked (while they
    /// have challenges left), learned ones within their credit (`length` bytes each).
    mutating func challengesDue(length: Int, now: UInt64) -> [(address: PeerAddress, cookie: UInt64)] {
        var due: [(PeerAddress, UInt64)] = []
        for index in rows.indices {
            var entry = rows[index]
            guard !entry.validated, entry.challengedAt.map({ now >= $0 + Self.challengeInterval }) ?? true else { continue }
            if entry.challengesLeft > 0 {
                entry.challengesLeft -= 1
            } else if entry.origin == .learned, entry.credit >= length {
                entry.credit -= length
            } else {
                continue
            }
            entry.challengedAt = now
            rows[index] = entry
            due.append((addresses[index], entry.cookie))
        }
        return due
    }

    /// `address` echoed `cookie`: validated if it is the cookie we sent it. Returns whether it was.
    mutating func echoed(_ cookie: UInt64, from address: PeerAddress, now: UInt64) -> Bool {
        guard let index = positions[address] else { return false }
        let entry = rows[index]
        guard entry.validated || entry.challengedAt != nil, entry.cookie == cookie else { return false }
        rows[index].validated = true
        rows[index].lastHeard = now
        return true
    }

    /// Forgets learned and named addresses silent for longer than `silenceLimit`.
    mutating func expire(now: UInt64) {
        var index = rows.count - 1
        while index >= 0 {
            if rows[index].origin != .configured, now > rows[index].lastHeard + Self.silenceLimit { remove(at: index) }
            index -= 1
        }
    }

    /// Makes room for one more address: evicts the oldest silent unvalidated learned address, else the
    /// oldest silent validated one; configured addresses stay. False when nothing can go.
    private mutating func makeRoom() -> Bool {
        guard addresses.count >= capacity else { return true }
        let victim = rows.indices.filter { rows[$0].origin != .configured }.min { left, right in
            rows[left].validated != rows[right].validated ? !rows[left].validated : rows[left].lastHeard < rows[right].lastHeard
        }
        guard let victim else { return false }
        remove(at: victim)
        return true
    }

    private mutating func insert(_ address: PeerAddress, _ entry: Entry) {
        positions[address] = addresses.count
        addresses.append(address)
        rows.append(entry)
    }

    /// Forgets the address at `index`; those after it move up one.
    private mutating func remove(at index: Int) {
        positions[addresses[index]] = nil
        addresses.remove(at: index)
        rows.remove(at: index)
        for later in index..<addresses.count { positions[addresses[later]] = later }
    }
}
