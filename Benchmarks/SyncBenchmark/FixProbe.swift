import Domain
import Foundation
import Synchronization

/// When each of one runner's fixes left its position source, by the fix's race-clock timestamp in
/// whole milliseconds (the precision progress is replicated at), so a receiver that sees the mate's
/// elapsed time on its screen can find the fix behind it.
final class FixProbe: Sendable {
    private let emitted = Mutex<[Int64: UInt64]>([:])
    private let started = Mutex<Date?>(nil)

    /// The fix left the source at `nanoseconds` (monotonic).
    func record(_ fix: Fix, at nanoseconds: UInt64) {
        let key = Self.milliseconds(fix.timestamp)
        emitted.withLock { $0[key] = nanoseconds }
    }

    /// The runner's start on the race clock, once known.
    func recordStart(_ date: Date) {
        started.withLock { if $0 == nil { $0 = date } }
    }

    /// When the fix whose elapsed time (since the runner's start) is `elapsed` left the source.
    func emission(elapsed: Double) -> UInt64? {
        guard let start = started.withLock({ $0 }) else { return nil }
        let key = Self.milliseconds(start.addingTimeInterval(elapsed))
        return emitted.withLock { table in table[key] ?? table[key - 1] ?? table[key + 1] }
    }

    private static func milliseconds(_ date: Date) -> Int64 {
        Int64((date.timeIntervalSince1970 * 1000).rounded())
    }
}

/// Monotonic nanoseconds (CLOCK_MONOTONIC), comparable across threads.
func monotonicNanoseconds() -> UInt64 {
    var time = timespec()
    clock_gettime(CLOCK_MONOTONIC, &time)
    return UInt64(time.tv_sec) * 1_000_000_000 + UInt64(time.tv_nsec)
}
