import Foundation
import MateRunnerTesting
import Testing

/// The manual clock the tests drive: waiting for sleepers without polling, cancellation before a
/// sleep parks, and the driver that moves the clock only while tasks sleep on it.
@Suite("ManualRaceClock")
struct ManualRaceClockTests {
    @Test("awaitSleepers returns once enough tasks sleep, at once when they already do")
    func awaitSleepers() async throws {
        let clock = ManualRaceClock()
        let waiting = Task { await clock.awaitSleepers(2) }
        let first = Task { try await clock.sleep(for: 1) }
        let second = Task { try await clock.sleep(for: 2) }
        await waiting.value
        #expect(clock.sleeperCount == 2)
        await clock.awaitSleepers(1)
        clock.advance(by: 2)
        try await first.value
        try await second.value
        #expect(clock.sleeperCount == 0)
    }

    @Test("a task cancelled before its sleep parks throws at once instead of sleeping forever")
    func cancelledBeforeParking() async {
        let clock = ManualRaceClock()
        let sleeper = Task {
            while !Task.isCancelled { await Task.yield() }
            try await clock.sleep(for: 60)
        }
        sleeper.cancel()
        await #expect(throws: CancellationError.self) { try await sleeper.value }
        #expect(clock.sleeperCount == 0)
        let waiter = Task {
            while !Task.isCancelled { await Task.yield() }
            await clock.awaitSleepers(1)
        }
        waiter.cancel()
        await waiter.value
    }

    @Test("driving advances by the step while a task sleeps, and stops with the body")
    func driving() async throws {
        let clock = ManualRaceClock()
        let start = clock.now
        let slept = try await clock.driving(step: 0.25) {
            for _ in 0..<8 { try await clock.sleep(for: 0.25) }
            return clock.now.timeIntervalSince(start)
        }
        #expect(slept == 2)
        let after = clock.now
        for _ in 0..<1_000 { await Task.yield() }
        #expect(clock.now == after, "the driver stopped with the body")
    }
}
