@testable import Data
import Foundation
import NIOCore
import NIOPosix
import Testing

/// The sleep on the event loop's own timer (`LoopSleep`), which the live race clocks use when every task
/// runs on that loop (`ProcessExecutor.loop`).
@Suite("LoopSleep")
struct LoopSleepTests {
    @Test("sleeps at least its duration, on the loop's timer, with a tolerance too; zero or less returns at once")
    func sleeps() async throws {
        let clock = ContinuousClock()
        var started = clock.now
        try await LoopSleep.sleep(for: .milliseconds(30))
        #expect(clock.now - started >= .milliseconds(30))
        started = clock.now
        try await LoopSleep.sleep(for: .milliseconds(10), tolerance: .milliseconds(20))
        #expect(clock.now - started >= .milliseconds(10))
        started = clock.now
        try await LoopSleep.sleep(for: .zero)
        try await LoopSleep.sleep(for: .milliseconds(-5))
        #expect(clock.now - started < .seconds(5))
    }

    @Test("the shared timer is set for the latest deadline within the leeway of the earliest")
    func target() {
        let ms: UInt64 = 1_000_000
        let leeway = LoopSleep.nanoseconds(LoopSleep.leeway)
        #expect(leeway == 4 * ms)
        #expect(SleepTimer.target(of: [UInt64](), leeway: leeway) == nil)
        #expect(SleepTimer.target(of: [100 * ms], leeway: leeway) == 100 * ms)
        #expect(SleepTimer.target(of: [103 * ms, 100 * ms, 200 * ms], leeway: leeway) == 103 * ms)
        #expect(SleepTimer.target(of: [100 * ms, 104 * ms], leeway: leeway) == 104 * ms)
        #expect(SleepTimer.target(of: [100 * ms, 105 * ms], leeway: leeway) == 100 * ms)
    }

    @Test("sleeps due within the leeway end in one wake-up of the loop, none before its time; one due later has its own")
    func sharesWakeUps() async throws {
        let ms: UInt64 = 1_000_000
        let timer = SleepTimer(loop: MultiThreadedEventLoopGroup.singleton.next(), leeway: 4 * ms)
        let now = NIODeadline.now().uptimeNanoseconds
        let deadlines = [40 * ms, 41 * ms, 43 * ms, 73 * ms].map { now + $0 }
        let ends = AsyncStream.makeStream(of: (Int, UInt64, Bool).self)
        for (index, deadline) in deadlines.enumerated() {
            timer.add(timer.reserve(), deadline: deadline) { result in
                ends.continuation.yield((index, NIODeadline.now().uptimeNanoseconds, (try? result.get()) != nil))
            }
        }
        var ended: [Int: (at: UInt64, slept: Bool)] = [:]
        for await (index, at, slept) in ends.stream {
            ended[index] = (at, slept)
            if ended.count == deadlines.count { break }
        }
        for (index, deadline) in deadlines.enumerated() {
            let end = try #require(ended[index])
            #expect(end.slept)
            #expect(end.at >= deadline)
        }
        // The first three at the third's deadline, together; the fourth on its own.
        #expect(try #require(ended[0]).at >= deadlines[2])
        #expect(timer.wakeUps == 2)
    }

    @Test("a sleep with a tolerance ends in the first other wake-up after its deadline, never before it, and by its tolerance without one")
    func tolerance() async throws {
        let ms: UInt64 = 1_000_000
        let timer = SleepTimer(loop: MultiThreadedEventLoopGroup.singleton.next(), leeway: 4 * ms)
        let ends = AsyncStream.makeStream(of: (String, UInt64, Bool).self)
        func add(_ name: String, deadline: UInt64, latest: UInt64) {
            timer.add(timer.reserve(), deadline: deadline, latest: latest) { result in
                ends.continuation.yield((name, NIODeadline.now().uptimeNanoseconds, (try? result.get()) != nil))
            }
        }
        var now = NIODeadline.now().uptimeNanoseconds
        // Rides: its timer would wait an hour, a wake-up after its deadline ends it.
        let ridesDeadline = now + 30 * ms
        add("rides", deadline: ridesDeadline, latest: now + 3_600_000 * ms)
        // A wake-up before the deadline ends nothing.
        timer.endDue()
        try await Task.sleep(for: .milliseconds(50))
        timer.endDue()
        var (name, at, slept) = try #require(await ends.stream.first { _ in true })
        #expect(name == "rides" && slept && at >= ridesDeadline)
        #expect(timer.wakeUps == 0)

        // Without another wake-up, its own timer ends it: after its deadline plus the tolerance.
        now = NIODeadline.now().uptimeNanoseconds
        add("alone", deadline: now + 10 * ms, latest: now + 60 * ms)
        (name, at, slept) = try #require(await ends.stream.first { _ in true })
        #expect(name == "alone" && slept && at >= now + 60 * ms)
        #expect(timer.wakeUps == 1)
    }

    @Test("a sleep cancelled before it is added, or while it waits, ends with CancellationError; the others still end")
    func timerCancels() async throws {
        let ms: UInt64 = 1_000_000
        let timer = SleepTimer(loop: MultiThreadedEventLoopGroup.singleton.next(), leeway: 4 * ms)
        let now = NIODeadline.now().uptimeNanoseconds
        let ends = AsyncStream.makeStream(of: (String, Bool).self)
        let early = timer.reserve()
        timer.cancel(early)
        timer.add(early, deadline: now + 10 * ms) { ends.continuation.yield(("early", (try? $0.get()) != nil)) }
        let waiting = timer.reserve()
        timer.add(waiting, deadline: now + 3_600_000 * ms) { ends.continuation.yield(("waiting", (try? $0.get()) != nil)) }
        timer.add(timer.reserve(), deadline: now + 20 * ms) { ends.continuation.yield(("kept", (try? $0.get()) != nil)) }
        timer.cancel(waiting)
        var results: [String: Bool] = [:]
        for await (name, slept) in ends.stream {
            results[name] = slept
            if results.count == 3 { break }
        }
        #expect(results == ["early": false, "waiting": false, "kept": true])
        // Cancelling one that ended does nothing.
        timer.cancel(waiting)
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
