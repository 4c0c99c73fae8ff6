@testable import Data
import Foundation
import Testing

/// The sleep on the event loop's own timer (`LoopSleep`), which the live race clocks use when every task
/// runs on that loop (`ProcessExecutor.loop`).
@Suite("LoopSleep")
struct LoopSleepTests {
    @Test("sleeps at least its duration, on the loop's timer; zero or less returns at once")
    func sleeps() async throws {
        let clock = ContinuousClock()
        var started = clock.now
        try await LoopSleep.sleep(for: .milliseconds(30))
        #expect(clock.now - started >= .milliseconds(30))
        started = clock.now
        try await LoopSleep.sleep(for: .zero)
        try await LoopSleep.sleep(for: .milliseconds(-5))
        #expect(clock.now - started < .seconds(5))
    }

    @Test("a timer due within the leeway before one armed ends with it; one due after it, or further before, keeps its own time")
    func sharesWakeUps() {
        let ms: UInt64 = 1_000_000
        let armed: [UInt64] = [100 * ms, 103 * ms, 200 * ms]
        #expect(LoopSleep.deadline(asking: 99 * ms, armed: armed) == 100 * ms)
        #expect(LoopSleep.deadline(asking: 100 * ms, armed: armed) == 100 * ms)
        #expect(LoopSleep.deadline(asking: 101 * ms, armed: armed) == 103 * ms)
        #expect(LoopSleep.deadline(asking: 104 * ms, armed: armed) == 104 * ms)
        #expect(LoopSleep.deadline(asking: 195 * ms, armed: armed) == 195 * ms)
        #expect(LoopSleep.deadline(asking: 196 * ms, armed: armed) == 200 * ms)
        #expect(LoopSleep.deadline(asking: 50 * ms, armed: []) == 50 * ms)
    }

    @Test("a timer is set for at least its duration and at most the leeway more")
    func setWithinLeeway() async throws {
        let clock = ContinuousClock()
        for milliseconds in [1, 7, 33] {
            let started = clock.now
            let set = try await LoopSleep.sleep(for: .milliseconds(milliseconds))
            #expect(set >= .milliseconds(milliseconds) && set <= .milliseconds(milliseconds) + LoopSleep.leeway)
            #expect(clock.now - started >= .milliseconds(milliseconds))
        }
    }

    @Test("cancelled while it sleeps, it throws CancellationError at once; cancelled before, without sleeping")
    func cancelled() async throws {
        let clock = ContinuousClock()
        let started = clock.now
        let sleeping = Task { try await LoopSleep.sleep(for: .seconds(600)) }
        try await Task.sleep(for: .milliseconds(20))
        sleeping.cancel()
        await #expect(throws: CancellationError.self) { try await sleeping.value }
        #expect(clock.now - started < .seconds(60))

        let early = Task {
            withUnsafeCurrentTask { $0?.cancel() }
            try await LoopSleep.sleep(for: .seconds(600))
        }
        await #expect(throws: CancellationError.self) { try await early.value }
    }

    @Test("many sleeps cancelled at every moment around their timers: each ends once, slept or cancelled")
    func racingCancels() async throws {
        // Timers of 0 to 2 ms cancelled after 0 to 2 ms: some fire first, some are cancelled first, some
        // are cancelled while the loop runs them. None may hang or resume twice (a checked continuation
        // traps on a second resume).
        let outcomes = try await withThrowingTaskGroup(of: Bool.self) { group in
            for index in 0..<400 {
                group.addTask {
                    let sleeping = Task { try await LoopSleep.sleep(for: .microseconds(index % 2000)) }
                    try await Task.sleep(for: .microseconds((index * 7) % 2000))
                    sleeping.cancel()
                    do { try await sleeping.value; return true } catch is CancellationError { return false }
                }
            }
            return try await group.reduce(into: [Bool]()) { $0.append($1) }
        }
        #expect(outcomes.count == 400)
    }
}
