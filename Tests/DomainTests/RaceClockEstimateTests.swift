import Domain
import Foundation
import Testing

/// The four-timestamp race clock: θ and δ as NTP defines them, and the lowest-delay filter.
@Suite("RaceClockEstimate")
struct RaceClockEstimateTests {
    /// An exchange with the host `offset` seconds ahead, `out`/`back` seconds on each leg and `hold` at the host.
    static func exchange(at start: TimeInterval = 1_000, offset: TimeInterval, out: TimeInterval, back: TimeInterval, hold: TimeInterval = 0.001) -> ClockExchange {
        let t1 = start
        let t2 = t1 + out + offset
        let t3 = t2 + hold
        let t4 = t3 - offset + back
        return ClockExchange(t1: t1, t2: t2, t3: t3, t4: t4)
    }

    @Test("θ and δ are the NTP formulas; symmetric legs give the exact offset")
    func formulas() {
        let symmetric = Self.exchange(offset: 2.5, out: 0.010, back: 0.010)
        #expect(abs(symmetric.offset - 2.5) < 1e-9)
        #expect(abs(symmetric.delay - 0.020) < 1e-9)
        let plain = ClockExchange(t1: 10, t2: 15, t3: 16, t4: 13)
        #expect(plain.offset == ((15 - 10) + (16 - 13)) / 2)
        #expect(plain.delay == (13 - 10) - (16 - 15))
    }

    @Test("asymmetric legs: the error of θ stays within δ / 2", arguments: [0.0, 0.004, 0.019, 0.020])
    func asymmetry(out: TimeInterval) {
        let exchange = Self.exchange(offset: -1.25, out: out, back: 0.020 - out)
        #expect(abs(exchange.offset - -1.25) <= exchange.delay / 2 + 1e-9)
    }

    @Test("the lowest-delay exchange of the last 8 wins; before any, nothing is known")
    func lowestDelayWins() {
        var estimate = RaceClockEstimate()
        #expect(estimate.offset == nil && estimate.uncertainty == nil)
        #expect(estimate.raceTime(at: Date(timeIntervalSince1970: 5)) == Date(timeIntervalSince1970: 5))
        // A congested exchange, a clean one, another congested one (its asymmetry pulls θ away).
        estimate.add(Self.exchange(offset: 3, out: 0.200, back: 0.010))
        estimate.add(Self.exchange(offset: 3, out: 0.002, back: 0.002))
        estimate.add(Self.exchange(offset: 3, out: 0.010, back: 0.150))
        #expect(abs((estimate.offset ?? 0) - 3) < 1e-9)
        #expect(abs((estimate.uncertainty ?? 0) - 0.002) < 1e-9)
        #expect(abs(estimate.raceTime(at: Date(timeIntervalSince1970: 5)).timeIntervalSince1970 - 8) < 1e-9)
        // Eight more exchanges push the clean one out: the best of those is used.
        for index in 0..<8 { estimate.add(Self.exchange(offset: 3.5, out: 0.030, back: 0.010 + Double(index) * 0.001)) }
        #expect(estimate.exchanges.count == RaceClockEstimate.keptExchanges)
        #expect(abs((estimate.uncertainty ?? 0) - 0.020) < 1e-9)
        #expect(abs((estimate.offset ?? 0) - (3.5 + 0.010)) < 1e-9)
    }

    @Test("implausible exchanges are refused and change nothing")
    func implausible() {
        var estimate = RaceClockEstimate()
        let refused = [
            ClockExchange(t1: 10, t2: 15, t3: 14, t4: 13), ClockExchange(t1: 10, t2: 15, t3: 16, t4: 9),
            ClockExchange(t1: 10, t2: 15, t3: 19, t4: 11), ClockExchange(t1: .nan, t2: 15, t3: 16, t4: 13),
        ].map { estimate.add($0) }
        #expect(refused == [false, false, false, false])
        #expect(estimate.exchanges.isEmpty)
    }
}
