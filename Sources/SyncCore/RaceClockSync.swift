import Domain
import SyncWire

/// The race clock as the sync layer sees it (docs/PROTOCOL.md, "Race clock"): who the host is (the
/// runner with the lowest id among this race's runners — hellos with our terms, bound to the validated
/// address they came from — ourselves included; every peer picks the same one with no election), where
/// it is, and our estimate of its clock from ping/pong exchanges. A pong counts only if it answers one of
/// our pings, from the address that ping went to; once agreed, one exchange moves the offset back by
/// at most `maximumStep` and forward by no more than the two exchanges' uncertainties allow (either
/// way at most `maximumStep`, or the current uncertainty when that is larger).
package struct RaceClockSync: Sendable {
    /// Once agreed, the most one exchange may move the offset backward (s).
    static let maximumStep: Double = 0.25
    /// Forward, beyond the two exchanges' uncertainties, for drift between them (s).
    static let driftAllowance: Double = 0.001

    /// Our race's terms (set by `publish`): only mates with these terms can host the clock.
    var terms: RaceTerms?
    /// The mates heard, by id: the address of their bound hello and the terms it carried.
    private var mates: [RunnerID: (address: PeerAddress, terms: RaceTerms)] = [:]
    /// Our estimate of the host's clock; empty while we are the host or have no exchange yet.
    package private(set) var estimate = RaceClockEstimate()
    /// Pings sent, by their `t1`, and where to (at most 8 kept).
    private var outstanding: [(t1: UInt64, address: PeerAddress)] = []

    /// Until this many exchanges with the host are answered, a ping goes with every hello; after, at
    /// most one per poll interval, which doubles with each answered ping from `firstPoll` up to
    /// `longestPoll`, halves with each ping the last one went unanswered before, and starts over when the
    /// host changes (as NTP polls less often once it has its estimate).
    static let settlingExchanges = 4
    static let firstPoll: UInt64 = 1_000_000
    static let longestPoll: UInt64 = 8_000_000
    /// The polling of the current host: who it is, answered exchanges, the interval and the last ping (µs).
    private var poll: (host: RunnerID, address: PeerAddress, answered: Int, interval: UInt64, last: UInt64)?

    /// Notes a mate's hello, from the address its id is bound to.
    mutating func heard(_ id: RunnerID, at address: PeerAddress, terms: RaceTerms) {
        guard mates[id] != nil || mates.count < PeerState.maximumPeers else { return }
        mates[id] = (address, terms)
    }

    /// Forgets `id` (evicted from the peer's directory).
    mutating func forget(_ id: RunnerID) {
        mates[id] = nil
    }

    /// The lowest mate of this race (its hello's terms are ours), and where it is.
    package var lowestMate: (id: RunnerID, address: PeerAddress)? {
        guard let terms else { return nil }
        return mates.filter { $0.value.terms == terms }.min { $0.key < $1.key }.map { ($0.key, $0.value.address) }
    }

    /// In an invited race, its host's runner id (from the host's signed roster): the clock host whatever
    /// ids other runners (or insiders off the roster) have.
    package var invitedHost: RunnerID?
    /// In an open race, the host as it was when our race started (`raceStarted`): a lower id heard
    /// mid-race does not take the clock over. Nil before the start, or before any mate.
    package private(set) var fixedHost: RunnerID?
    /// Whether we were the host while a mate followed us: our offset was 0 by definition, and a new host
    /// may move it no further than an agreed one (`pong`), so no host change steps our clock by +600 s.
    private var hostedMates = false

    /// Our race started (a publish that is not waiting): in an open race the host is fixed from now on,
    /// as soon as one is known (a mate heard).
    package mutating func raceStarted(me: RunnerID) {
        guard invitedHost == nil, fixedHost == nil, lowestMate != nil else { return }
        fixedHost = host(me: me)
    }

    /// The mate that hosts the clock for us, and where it is: the invited race's host, or the host fixed at
    /// our start, or before it the lowest mate of this race if its id is lower than ours; nil when we host.
    private func hostMate(me: RunnerID) -> (id: RunnerID, address: PeerAddress)? {
        if let chosen = invitedHost ?? fixedHost {
            guard chosen != me, let mate = mates[chosen] else { return nil }
            return (chosen, mate.address)
        }
        guard let lowestMate, lowestMate.id < me else { return nil }
        return lowestMate
    }

    /// The host: the invited race's host, the host fixed at our start, or before it `me` or the lowest
    /// mate of this race, whichever id is lower.
    package func host(me: RunnerID) -> RunnerID {
        if let chosen = invitedHost ?? fixedHost { return chosen }
        return hostMate(me: me)?.id ?? me
    }

    /// A ping to send now (its `t1` and where to), or nil when we are the host, know no mate, or the
    /// poll interval has not passed since the last ping (see `settlingExchanges`).
    mutating func ping(me: RunnerID, now: UInt64) -> (t1: UInt64, address: PeerAddress)? {
        guard let lowestMate = hostMate(me: me) else {
            if self.lowestMate != nil { hostedMates = true }
            return nil
        }
        if var current = poll, current.host == lowestMate.id, current.address == lowestMate.address {
            // (A wall clock set back since the last ping does not hold the pings back.)
            guard current.answered < Self.settlingExchanges || now < current.last || now >= current.last &+ current.interval
            else { return nil }
            if outstanding.contains(where: { $0.t1 == current.last }) { current.interval /= 2 }
            current.last = now
            poll = current
        } else {
            poll = (lowestMate.id, lowestMate.address, 0, 0, now)
        }
        outstanding = Array((outstanding + [(now, lowestMate.address)]).suffix(8))
        return (now, lowestMate.address)
    }

    /// Uses a pong from `sender` at `source` answering our ping `t1`, received at `t4`. Throws
    /// `unsolicited-pong` for any other (another host, another address, no such ping, implausible), and
    /// `clock-step` for one that would move an agreed offset too far.
    mutating func pong(from sender: RunnerID, at source: PeerAddress, me: RunnerID, t1: UInt64, t2: UInt64, t3: UInt64, t4: UInt64) throws {
        guard sender == host(me: me), sender != me,
              let index = outstanding.firstIndex(where: { $0.t1 == t1 && $0.address == source })
        else { throw DatagramError.unsolicitedPong }
        let seconds = { (microseconds: UInt64) in Double(microseconds) / 1_000_000 }
        let exchange = ClockExchange(t1: seconds(t1), t2: seconds(t2), t3: seconds(t3), t4: seconds(t4))
        guard exchange.isPlausible else { throw DatagramError.unsolicitedPong }
        // A former host had offset 0, exactly: it follows a new host within the same bounds as an agreed offset.
        var agreed: (offset: Double, uncertainty: Double)?
        if let offset = estimate.offset, let uncertainty = estimate.uncertainty {
            agreed = (offset, uncertainty)
        } else if hostedMates {
            agreed = (0, 0)
        }
        if let agreed {
            let (current, uncertainty) = (agreed.offset, agreed.uncertainty)
            let step = exchange.offset - current
            // Honest exchanges' intervals overlap; and a poor estimate (its round trip took longer than
            // 2 × maximumStep, say a first ping on a loaded board) may still move anywhere within its
            // own interval, or one slow first exchange would lock every better one out.
            let reach = max(Self.maximumStep, uncertainty + Self.driftAllowance)
            let forward = min(reach, uncertainty + exchange.delay / 2 + Self.driftAllowance)
            guard step <= forward, step >= -reach else { throw PeerRefusal.clockStep }
        }
        outstanding.remove(at: index)
        estimate.add(exchange)
        if var current = poll, current.host == sender, current.address == source {
            current.answered += 1
            if current.answered >= Self.settlingExchanges {
                current.interval = min(max(current.interval * 2, Self.firstPoll), Self.longestPoll)
            }
            poll = current
        }
    }
}

extension RaceRoster {
    /// The runner of the roster whose key is `host`'s: the invited race's host (nil if none is).
    func runner(signedBy host: MateIdentity) -> RunnerID? {
        keys.first { $0.value == host.signingKey }?.key
    }
}
