import Data
import Domain
import Foundation
import Testing

/// The live clock: real time, optionally sped up. Only loose sanity about real time is asserted
/// (these machines are shared and noisy); the speed-up arithmetic is checked against bounds that
/// hold however slow the machine is.
@Suite("SystemRaceClock")
struct SystemRaceClockTests {
    @Test("at speed-up 1 the clock reads about the system time")
    func realTime() {
        let clock = SystemRaceClock()
        #expect(clock.speedup == 1)
        #expect(abs(clock.now.timeIntervalSinceNow) < 5)
    }

    @Test("readings never go backwards", arguments: [1.0, 60.0, 1_000.0])
    func monotonic(speedup: Double) {
        let clock = SystemRaceClock(speedup: speedup)
        var previous = clock.now
        for _ in 0..<10_000 {
            let now = clock.now
            #expect(now >= previous)
            previous = now
        }
    }

    @Test("race time runs speed-up times faster than real time: never more than speed-up × the real time between")
    func speedupUpperBound() async throws {
        let speedup = 1_000.0
        let clock = SystemRaceClock(speedup: speedup)
        let realStart = ContinuousClock.now
        let raceStart = clock.now
        // 2 race seconds are 2 ms of real time.
        try await clock.sleep(for: 2)
        let raceEnd = clock.now
        let realElapsed = realStart.duration(to: ContinuousClock.now)
        let real = Double(realElapsed.components.seconds) + Double(realElapsed.components.attoseconds) * 1e-18
        let race = raceEnd.timeIntervalSince(raceStart)
        #expect(race >= 2, "the sleep ended before its deadline: \(race) race s")
        #expect(race <= real * speedup * 1.000_001 + 1e-3, "race \(race) s in \(real) real s at ×\(speedup)")
    }

    @Test("race time runs speed-up times faster than real time: at least speed-up × the real time inside")
    func speedupLowerBound() async throws {
        let speedup = 500.0
        let clock = SystemRaceClock(speedup: speedup)
        let raceBefore = clock.now
        let realStart = ContinuousClock.now
        try await clock.sleep(for: 1)
        let realElapsed = realStart.duration(to: ContinuousClock.now)
        let raceAfter = clock.now
        let real = Double(realElapsed.components.seconds) + Double(realElapsed.components.attoseconds) * 1e-18
        #expect(raceAfter.timeIntervalSince(raceBefore) >= real * speedup * 0.999_999 - 1e-3)
        #expect(real > 0)
    }

    @Test("sleeping until an instant already past returns at once, without suspending on a timer")
    func sleepUntilPast() async throws {
        let clock = SystemRaceClock(speedup: 1)
        try await clock.sleep(until: clock.now.addingTimeInterval(-3_600))
        try await clock.sleep(until: .distantPast)
        try await clock.sleep(for: 0)
        try await clock.sleep(for: -10)
    }

    @Test("a cancelled task's sleep throws CancellationError, even for an instant past")
    func cancellation() async {
        let clock = SystemRaceClock(speedup: 1)
        let past = Task {
            while !Task.isCancelled { await Task.yield() }
            try await clock.sleep(until: .distantPast)
        }
        past.cancel()
        await #expect(throws: CancellationError.self) { try await past.value }

        // An hour of real time: only cancellation can end this sleep.
        let future = Task { try await clock.sleep(for: 3_600) }
        future.cancel()
        await #expect(throws: CancellationError.self) { try await future.value }
    }
}
