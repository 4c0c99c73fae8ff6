import Data
import Domain
import Foundation
import Synchronization
import Testing

/// The live clock: real time, optionally sped up. The mapping from real to race time and the real
/// sleeps it asks for are checked exactly, on injected real time and an injected real sleep, so no
/// test waits for real seconds; only loose sanity about the live defaults is asserted (these machines
/// are shared and noisy).
@Suite("SystemRaceClock")
struct SystemRaceClockTests {
    static let origin = Date(timeIntervalSince1970: 1_800_000_000)

    /// Real seconds the test sets, and every real sleep a clock asked for.
    final class RealTime: Sendable {
        private let state = Mutex<(elapsed: TimeInterval, sleeps: [Duration])>((0, []))

        var elapsed: TimeInterval {
            get { state.withLock { $0.elapsed } }
            set { state.withLock { $0.elapsed = newValue } }
        }

        var sleeps: [Duration] { state.withLock { $0.sleeps } }

        /// A clock on this real time whose real sleeps return at once (after being noted).
        func clock(speedup: Double) -> SystemRaceClock {
            SystemRaceClock(speedup: speedup, origin: SystemRaceClockTests.origin, elapsed: { self.elapsed }, realSleep: { duration in
                self.state.withLock { $0.sleeps.append(duration) }
                try Task.checkCancellation()
            })
        }
    }

    static func seconds(_ duration: Duration) -> Double {
        Double(duration.components.seconds) + Double(duration.components.attoseconds) * 1e-18
    }

    @Test("at speed-up 1 the live clock reads about the system time")
    func realTime() {
        let clock = SystemRaceClock()
        #expect(clock.speedup == 1)
        #expect(abs(clock.now.timeIntervalSinceNow) < 5)
    }

    @Test("live readings never go backwards", arguments: [1.0, 60.0, 1_000.0])
    func monotonic(speedup: Double) {
        let clock = SystemRaceClock(speedup: speedup)
        var previous = clock.now
        for _ in 0..<10_000 {
            let now = clock.now
            #expect(now >= previous)
            previous = now
        }
    }

    @Test("race time is the origin plus speed-up × the real seconds since the clock was made", arguments: [1.0, 60.0, 1_000.0])
    func spedUpMapping(speedup: Double) {
        let real = RealTime()
        let clock = real.clock(speedup: speedup)
        #expect(clock.now == Self.origin)
        for elapsed in [0.001, 1.5, 2.0, 3_600.0] {
            real.elapsed = elapsed
            #expect(abs(clock.now.timeIntervalSince(Self.origin) - elapsed * speedup) < 1e-6 * max(1, elapsed * speedup))
        }
    }

    @Test("sleeping until a race instant sleeps the real time it maps to: the race seconds ÷ the speed-up")
    func realSleepForADeadline() async throws {
        let real = RealTime()
        real.elapsed = 10
        let clock = real.clock(speedup: 60)
        try await clock.sleep(until: clock.now.addingTimeInterval(120))
        try await clock.sleep(for: 30)
        let slept = real.sleeps.map(Self.seconds)
        #expect(slept.count == 2)
        #expect(abs(slept[0] - 2) < 1e-9 && abs(slept[1] - 0.5) < 1e-9, "\(slept)")
    }

    @Test("sleeping until an instant already past (or now) returns at once, without a real sleep")
    func sleepUntilPast() async throws {
        let real = RealTime()
        real.elapsed = 5
        let clock = real.clock(speedup: 500)
        try await clock.sleep(until: clock.now.addingTimeInterval(-3_600))
        try await clock.sleep(until: .distantPast)
        try await clock.sleep(until: clock.now)
        try await clock.sleep(for: 0)
        try await clock.sleep(for: -10)
        #expect(real.sleeps.isEmpty)
        // The live clock takes the same path: an instant past returns without suspending on a timer.
        try await SystemRaceClock(speedup: 1).sleep(until: .distantPast)
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

        // An hour of real time on the live clock: only cancellation can end this sleep, and it does at once.
        let future = Task { try await clock.sleep(for: 3_600) }
        future.cancel()
        await #expect(throws: CancellationError.self) { try await future.value }
    }
}
