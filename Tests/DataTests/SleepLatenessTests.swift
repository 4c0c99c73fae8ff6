import Data
import Domain
import Foundation
import Synchronization
import Testing

/// How late the live clocks' sleeps wake, told to whoever watches (the overload watch).
@Suite("SleepLateness")
struct SleepLatenessTests {
    final class Seen: Sendable {
        let lates = Mutex<[Duration]>([])
        var all: [Duration] { lates.withLock { $0 } }
        func add(_ late: Duration) { lates.withLock { $0.append(late) } }
    }

    @Test("each watcher hears every report (negative ones as zero) until it cancels; the others go on hearing")
    func watchers() {
        let lateness = SleepLateness()
        let (first, second) = (Seen(), Seen())
        let one = lateness.watch { first.add($0) }
        let two = lateness.watch { second.add($0) }
        lateness.report(.milliseconds(3))
        lateness.report(.milliseconds(-2))
        one.cancel()
        lateness.report(.milliseconds(40))
        two.cancel()
        lateness.report(.milliseconds(50))
        #expect(first.all == [.milliseconds(3), .zero])
        #expect(second.all == [.milliseconds(3), .zero, .milliseconds(40)])
    }

    @Test("a real sleep reports once, after its deadline; a cancelled one reports nothing, nor one with a tolerance (it ends anywhere in it by design)")
    func realSleep() async throws {
        let lateness = SleepLateness()
        let seen = Seen()
        let watch = lateness.watch { seen.add($0) }
        defer { watch.cancel() }
        let clock = ContinuousClock()
        let started = clock.now
        try await lateness.sleep(for: .milliseconds(20))
        #expect(clock.now - started >= .milliseconds(20))
        #expect(seen.all.count == 1 && seen.all[0] >= .zero)
        let cancelled = Task { try await lateness.sleep(for: .seconds(30)) }
        cancelled.cancel()
        await #expect(throws: CancellationError.self) { try await cancelled.value }
        #expect(seen.all.count == 1)
        let tolerant = clock.now
        try await lateness.sleep(for: .milliseconds(20), tolerance: .milliseconds(40))
        #expect(clock.now - tolerant >= .milliseconds(20))
        #expect(seen.all.count == 1)
    }

    @Test("the live race clock's sleeps report to the process's lateness")
    func liveClockReports() async throws {
        let seen = Seen()
        let watch = SleepLateness.shared.watch { seen.add($0) }
        defer { watch.cancel() }
        let clock = SystemRaceClock(speedup: 10)
        try await clock.sleep(until: clock.now.addingTimeInterval(0.2))
        // Other tests' live clocks may report too; ours is among them.
        #expect(!seen.all.isEmpty)
    }
}
