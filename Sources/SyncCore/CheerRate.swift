import Domain

/// How many cheers each runner may send (docs/PROTOCOL.md, "Hardening"): a token bucket per sender,
/// `burst` at once and then one per `interval`. Received cheers beyond it are refused (`cheer-rate`:
/// neither shown nor recorded); ours beyond it are not sent (`statistics.withheld["cheer-rate"]`).
/// A person pressing a key does not cheer faster than that; a flood is cut at the first peer.
struct CheerRate: Sendable {
    /// Cheers a sender may send at once.
    static let burst: UInt64 = 5
    /// Then one per this many microseconds (1 s).
    static let interval: UInt64 = 1_000_000
    /// Senders remembered; beyond it the fullest bucket is forgotten (it would allow a burst anyway).
    static let capacity = PeerState.maximumPeers + 1

    /// Per sender: the instant (µs) at which its bucket is full again.
    private var fullAt: [RunnerID: UInt64] = [:]

    /// Takes one cheer from `sender`'s bucket at `now`; throws `cheer-rate` when it is empty.
    mutating func take(from sender: RunnerID, now: UInt64) throws(PeerRefusal) {
        let window = Self.burst * Self.interval
        let full = max(fullAt[sender] ?? 0, now)
        // The bucket holds (window - (full - now)) / interval cheers; one costs `interval`.
        guard full - now + Self.interval <= window else { throw .cheerRate }
        if fullAt[sender] == nil, fullAt.count >= Self.capacity, let oldest = fullAt.min(by: { $0.value < $1.value })?.key {
            fullAt[oldest] = nil
        }
        fullAt[sender] = full + Self.interval
    }

    /// Forgets `sender` (evicted from the peer's directory).
    mutating func forget(_ sender: RunnerID) {
        fullAt[sender] = nil
    }
}
