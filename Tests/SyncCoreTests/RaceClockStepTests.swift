@testable import SyncCore
import Domain
import Foundation
import SyncTesting
import Testing

/// The step rule of the race clock's exchanges, on `RaceClockSync` directly (a host at id 1, us at id 2).
@Suite("Race clock: how far one exchange may move the offset")
struct RaceClockStepTests {
    let host = PeerAddress(host: "10.0.0.1", port: 47474)

    /// A sync that knows the host, and the exchange of a ping at `t1` answered at `t2` = `t3`, back at `t4` (µs).
    func exchange(_ sync: inout RaceClockSync, t1: UInt64, t2: UInt64, t4: UInt64) throws {
        _ = sync.ping(me: RunnerID(rawValue: 2), now: t1)
        try sync.pong(from: RunnerID(rawValue: 1), at: host, me: RunnerID(rawValue: 2), t1: t1, t2: t2, t3: t2, t4: t4)
    }

    func sync() -> RaceClockSync {
        var sync = RaceClockSync()
        sync.terms = SyncSample.terms
        sync.heard(RunnerID(rawValue: 1), at: host, terms: SyncSample.terms)
        return sync
    }

    @Test("a slow first exchange (0.8 s there, nothing back: offset +0.4 ± 0.4 s) does not lock out the precise ones after it")
    func slowFirstExchange() throws {
        var sync = sync()
        let start: UInt64 = 1_800_000_000_000_000
        try exchange(&sync, t1: start, t2: start + 800_000, t4: start + 800_000)
        #expect(abs((sync.estimate.offset ?? 0) - 0.4) < 1e-6)
        // The truth (offset 0, 1 ms round trips) lies within its interval: taken, and it becomes the estimate.
        try exchange(&sync, t1: start + 2_000_000, t2: start + 2_000_500, t4: start + 2_001_000)
        #expect(abs(sync.estimate.offset ?? 1) < 1e-6)
        #expect(abs((sync.estimate.uncertainty ?? 1) - 0.0005) < 1e-6)
        try exchange(&sync, t1: start + 3_000_000, t2: start + 3_000_400, t4: start + 3_000_800)
        #expect(sync.estimate.exchanges.count == 3)
    }

    @Test("once agreed precisely, a pong 0.3 s ahead or behind is a step, refused")
    func preciseEstimateHolds() throws {
        var sync = sync()
        let start: UInt64 = 1_800_000_000_000_000
        try exchange(&sync, t1: start, t2: start + 500, t4: start + 1_000)
        #expect(throws: PeerRefusal.clockStep) { try exchange(&sync, t1: start + 1_000_000, t2: start + 1_300_500, t4: start + 1_001_000) }
        #expect(throws: PeerRefusal.clockStep) { try exchange(&sync, t1: start + 2_000_000, t2: start + 1_700_500, t4: start + 2_001_000) }
        // Back by up to 0.25 s stays allowed (slewed by the agreed clock).
        try exchange(&sync, t1: start + 3_000_000, t2: start + 2_800_500, t4: start + 3_001_000)
        #expect(sync.estimate.exchanges.count == 2)
    }
}

/// How often the race clock's host is pinged (`RaceClockSync.settlingExchanges`).
@Suite("Race clock: polling the host")
struct RaceClockPollTests {
    let host = PeerAddress(host: "10.0.0.1", port: 47474)
    let me = RunnerID(rawValue: 2)
    let start: UInt64 = 1_800_000_000_000_000

    func sync() -> RaceClockSync {
        var sync = RaceClockSync()
        sync.terms = SyncSample.terms
        sync.heard(RunnerID(rawValue: 1), at: host, terms: SyncSample.terms)
        return sync
    }

    /// Offers a ping every `step` µs from `from` to `to` (as hellos would), answering each one sent
    /// after 1 ms when `answer` says so; returns the times pings went out.
    func drive(_ sync: inout RaceClockSync, from: UInt64, to: UInt64, step: UInt64 = 400_000,
               answer: (UInt64) -> Bool = { _ in true }) throws -> [UInt64] {
        var sent: [UInt64] = []
        for now in stride(from: from, to: to, by: Int(step)) {
            guard let ping = sync.ping(me: me, now: now) else { continue }
            #expect(ping.address == host)
            sent.append(now)
            if answer(now) {
                try sync.pong(from: RunnerID(rawValue: 1), at: host, me: me, t1: now, t2: now + 500, t3: now + 500, t4: now + 1_000)
            }
        }
        return sent
    }

    @Test("a ping with every hello until 4 are answered; then every 1, 2, 4, 8 s, and no longer apart than 8 s")
    func backsOff() throws {
        var sync = sync()
        let sent = try drive(&sync, from: start, to: start + 60_000_000)
        #expect(Array(sent.prefix(4)) == [0, 1, 2, 3].map { start + $0 * 400_000 })
        let gaps = zip(sent.dropFirst(), sent).map { $0 - $1 }
        #expect(Array(gaps.dropFirst(3).prefix(4)) == [1_200_000, 2_000_000, 4_000_000, 8_000_000])
        #expect(gaps.dropFirst(6).allSatisfy { $0 == 8_000_000 }, "\(gaps)")
        #expect(sent.count < 14, "150 hellos in 60 s, \(sent.count) pings")
        #expect(sync.estimate.exchanges.count == min(sent.count, 8))
    }

    @Test("unanswered pings halve the interval; another host starts over with a ping per hello")
    func lossAndNewHost() throws {
        var sync = sync()
        _ = try drive(&sync, from: start, to: start + 40_000_000)
        // Now at 8 s. The host stops answering: the gaps shrink to one ping per hello.
        let lost = try drive(&sync, from: start + 40_000_000, to: start + 80_000_000) { _ in false }
        let gaps = zip(lost.dropFirst(), lost).map { $0 - $1 }
        #expect(gaps.last == 400_000, "\(gaps)")
        #expect(zip(gaps.dropFirst(), gaps).allSatisfy { $0 <= $1 }, "\(gaps)")
        // A mate with a lower id arrives: it is the host, pinged with every hello again.
        let other = PeerAddress(host: "10.0.0.3", port: 47474)
        sync.heard(RunnerID(rawValue: 0), at: other, terms: SyncSample.terms)
        let pings = (0..<3).compactMap { sync.ping(me: me, now: start + 80_000_000 + UInt64($0) * 400_000) }
        #expect(pings.map(\.address) == [other, other, other])
    }

    @Test("a wall clock set back does not hold the pings back")
    func clockSetBack() throws {
        var sync = sync()
        _ = try drive(&sync, from: start, to: start + 40_000_000)
        #expect(sync.ping(me: me, now: start - 3_600_000_000) != nil)
    }
}
