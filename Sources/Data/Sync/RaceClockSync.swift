import Domain
import Foundation
import SyncWire

/// The race clock as the sync layer sees it: who the host is (the runner with the lowest id heard,
/// ourselves included; every peer picks the same one from the same hellos, with no election), where it
/// is, and our estimate of its clock from ping/pong exchanges (docs/PROTOCOL.md, "Race clock").
struct RaceClockSync: Sendable {
    /// The lowest runner id heard from, and the address its hello came from.
    private(set) var lowestMate: (id: RunnerID, address: PeerAddress)?
    /// Our estimate of the host's clock; empty while we are the host or have no exchange yet.
    private(set) var estimate = RaceClockEstimate()
    /// Pings sent, by their `t1`, so that only answers to our own pings are used (at most 8 kept).
    private var outstanding: [UInt64] = []

    /// Notes a mate's hello.
    mutating func heard(_ id: RunnerID, at address: PeerAddress) {
        if lowestMate.map({ id <= $0.id }) ?? true { lowestMate = (id, address) }
    }

    /// The host: `me` or the lowest mate, whichever id is lower.
    func host(me: RunnerID) -> RunnerID {
        guard let lowestMate, lowestMate.id < me else { return me }
        return lowestMate.id
    }

    /// A ping to send now (its `t1` and where to), or nil when we are the host or know no mate.
    mutating func ping(me: RunnerID, now: UInt64) -> (t1: UInt64, address: PeerAddress)? {
        guard let lowestMate, lowestMate.id < me else { return nil }
        outstanding = Array((outstanding + [now]).suffix(8))
        return (now, lowestMate.address)
    }

    /// Uses a pong from `sender` answering our ping `t1`, received at `t4`; ignores any other.
    mutating func pong(from sender: RunnerID, me: RunnerID, t1: UInt64, t2: UInt64, t3: UInt64, t4: UInt64) -> Bool {
        guard sender == host(me: me), sender != me, let index = outstanding.firstIndex(of: t1) else { return false }
        outstanding.remove(at: index)
        let seconds = { (microseconds: UInt64) in Double(microseconds) / 1_000_000 }
        return estimate.add(ClockExchange(t1: seconds(t1), t2: seconds(t2), t3: seconds(t3), t4: seconds(t4)))
    }
}
