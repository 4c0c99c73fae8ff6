import Synchronization

/// How late this process's real sleeps wake. Every sleep of the live race clocks (Data's
/// `SystemRaceClock` and `AgreedRaceClock`: the race's heartbeat, the elapsed-time tick, the simulator's
/// and replays' fixes, the lobby's repeats) reports how long after its deadline it woke, to every watcher. On a machine with time
/// to spare a sleep wakes within a millisecond; when the cores have more work than they can do, tens or
/// hundreds of milliseconds late. The overload watch reads the load from these sleeps instead of sleeping
/// on a timer of its own: five wake-ups a second fewer, which on a small board is a measurable part of a
/// run's CPU (docs/BENCHMARKS.md).
public final class SleepLateness: Sendable {
    /// The process's: what the live race clocks report to.
    public static let shared = SleepLateness()

    /// A watcher's registration; `cancel()` ends it.
    public final class Watch: Sendable {
        private let end: @Sendable () -> Void
        fileprivate init(end: @escaping @Sendable () -> Void) { self.end = end }
        /// No more reports to this watcher (it may still get one that was being delivered).
        public func cancel() { end() }
    }

    private let watchers = Mutex<(next: UInt64, handlers: [UInt64: @Sendable (Duration) -> Void])>((0, [:]))

    public init() {}

    /// Calls `handler` with the lateness of every sleep that ends from now on (from the sleeping task,
    /// so it must be quick), until the returned watch is cancelled.
    public func watch(_ handler: @escaping @Sendable (Duration) -> Void) -> Watch {
        let id = watchers.withLock { watchers in
            let id = watchers.next
            watchers.next += 1
            watchers.handlers[id] = handler
            return id
        }
        return Watch { [weak self] in _ = self?.watchers.withLock { $0.handlers.removeValue(forKey: id) } }
    }

    /// One sleep woke `late` after its deadline (never negative).
    public func report(_ late: Duration) {
        let handlers = watchers.withLock { Array($0.handlers.values) }
        let late = max(.zero, late)
        for handler in handlers { handler(late) }
    }
}
