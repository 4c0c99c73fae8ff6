@testable import Data
import Domain
import Foundation
import MateRunnerTesting
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
