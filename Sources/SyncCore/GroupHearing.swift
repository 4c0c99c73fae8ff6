import Domain
import SyncWire

/// Who hears whom on the race's multicast group (docs/PROTOCOL.md, "Multicast"), part of `PeerState`.
/// As a receiver: the senders heard on the group lately, reported to the group now and then
/// (`ExtendedMessage.groupHearing`). As a sender: the mates whose latest report named us, to whom our
/// datagrams to everyone go on the group only; every other mate keeps getting unicast copies. Nothing
/// here is taken for granted: a mate is "listening" only for `listenerLease` after its report.
package struct GroupHearing: Sendable {
    /// A report goes out with a publish at most this often (µs, 2 s), and at once when a new sender is heard.
    static let reportInterval: UInt64 = 2_000_000
    /// A sender heard on the group within this (µs, 6 s) is named in our reports.
    static let heardWindow: UInt64 = 6_000_000
    /// A mate whose report named us this recently (µs, 20 s: ten reports) gets our datagrams on the
    /// group only, unless it has since sent an empty report (it hears nobody on the group any more). It
    /// was 7 s (three reports, one may be lost): with 64 runners on 2 cores, reports dropped by full
    /// sockets let leases lapse, the copies that followed added load and more drops, and 88 % of the
    /// datagrams went unicast. 20 s took that to 66 %, the datagrams to less than half,
    /// and the fix -> mate's frame p99 from 9.0 to 5.9 s (docs/BENCHMARKS.md). A runner the group stops
    /// reaching says so with an empty report once its senders have been silent for `heardWindow`, so it
    /// gets copies about as soon as before; one that still hears some senders but not us gets them after
    /// at most 20 s, not 7 (until then it catches up from full states, as any runner that falls behind).
    static let listenerLease: UInt64 = 20_000_000

    /// The most senders and listeners kept (the peer's capacity).
    let capacity: Int
    /// The group joined (nil: none, every datagram goes unicast).
    package var group: PeerAddress?
    /// Whether the group carries both ways on one connection (a broker's race topic: a mate that
    /// publishes there is subscribed there, `DatagramTransport.groupCarriesBothWays`): then a mate heard
    /// on the group hears it, and each datagram heard from it there gives it a lease, as a report naming
    /// us would, unless its last report was empty (it said it hears nobody there). Without it, 64 runners
    /// through one broker on 2 cores sent 63 unicast copies beside each group datagram until reports came:
    /// the copies filled each client's queue, the reports (behind them) were dropped, so leases never
    /// started, and the race never converged (docs/BENCHMARKS.md).
    package var heardMeansListening = false
    /// Senders heard on the group, and when last.
    private var heard: [RunnerID: UInt64] = [:]
    /// The senders our last report named.
    private var reported: Set<RunnerID> = []
    private var lastReport: UInt64?
    /// Mates whose report named us, and when it came.
    private var listeners: [RunnerID: UInt64] = [:]
    /// Mates whose last report was empty: they hear nobody on the group, whatever they send there.
    private var deaf: Set<RunnerID> = []

    init(capacity: Int) {
        self.capacity = capacity
    }

    /// `sender`'s datagram came on the group at `now`.
    mutating func heardOnGroup(_ sender: RunnerID, now: UInt64) {
        guard heard[sender] != nil || heard.count < capacity else { return }
        heard[sender] = now
        guard heardMeansListening, !deaf.contains(sender) else { return }
        if listeners[sender] != nil || listeners.count < capacity { listeners[sender] = now }
    }

    /// `runner` reported hearing `runners` on the group at `now`: if we (`me`) are among them, it listens.
    /// An empty report says it hears nobody on the group any more: it gets copies from now on, without
    /// waiting for the lease to end.
    mutating func report(from runner: RunnerID, naming runners: [RunnerID], me: RunnerID?, now: UInt64) {
        if runners.isEmpty {
            listeners[runner] = nil
            if deaf.count < capacity { deaf.insert(runner) }
            return
        }
        deaf.remove(runner)
        guard let me, runners.contains(me), listeners[runner] != nil || listeners.count < capacity else { return }
        listeners[runner] = now
    }

    /// Whether `runner` reported hearing us on the group within the lease.
    func listens(_ runner: RunnerID, now: UInt64) -> Bool {
        guard group != nil, let at = listeners[runner] else { return false }
        return now <= at + Self.listenerLease
    }

    /// The reports to send now, each at most `ExtendedType.maximumHeard` runners, or none: not on a group,
    /// nobody heard, or the last report is recent and named everyone heard since. Once the senders we
    /// reported have all gone silent on the group, one empty report says so, so that our mates send us
    /// copies at once rather than when their leases on us end (the group stopped reaching us: a switch
    /// that forgot our membership, a Wi-Fi that stopped passing multicast).
    mutating func reportsDue(now: UInt64) -> [[RunnerID]] {
        guard group != nil else { return [] }
        heard = heard.filter { now <= $0.value + Self.heardWindow }
        let current = Set(heard.keys)
        guard !current.isEmpty else {
            guard !reported.isEmpty else { return [] }
            lastReport = now
            reported = []
            return [[]]
        }
        let recent = lastReport.map { now < $0 + Self.reportInterval } ?? false
        guard !recent || !current.isSubset(of: reported) else { return [] }
        lastReport = now
        reported = current
        let sorted = current.sorted()
        return stride(from: 0, to: sorted.count, by: ExtendedType.maximumHeard).map {
            Array(sorted[$0..<min(sorted.count, $0 + ExtendedType.maximumHeard)])
        }
    }

    /// Forgets `runner` (evicted from the peer's directory).
    mutating func forget(_ runner: RunnerID) {
        heard[runner] = nil
        listeners[runner] = nil
        deaf.remove(runner)
        reported.remove(runner)
    }
}
