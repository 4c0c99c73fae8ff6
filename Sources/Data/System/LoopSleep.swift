import NIOConcurrencyHelpers
import NIOCore
import NIOPosix

/// A real-time sleep whose timer is the event loop's own (`EventLoop.scheduleCallback`), for a process whose
/// tasks run on that loop (`ProcessExecutor.loop`): the loop wakes from its own `epoll_wait` at the
/// deadline and resumes the sleeping task on the same thread. `Task.sleep` would arm a timer of Swift's
/// runtime instead, which wakes a thread of its pool to resume the task, which then hands over to the
/// loop: two thread wake-ups a sleep, several times a second for every clock of a race.
///
/// The sleeps share one timer of the loop, which ends every sleep due within `leeway` of the earliest
/// at once (`SleepTimer`): a race's fix and its elapsed-time tick, both every race second but started a
/// moment apart, are due a fraction of a millisecond apart and woke the loop twice a race second
/// instead of once.
///
/// A sleep with a `tolerance` (as `Clock.sleep(until:tolerance:)` has) ends at the first wake-up of the
/// loop after its deadline, whatever woke it (a datagram, another timer), and its own timer is armed
/// only for the deadline plus the tolerance: a runner with mates wakes for their datagrams every few
/// milliseconds, and the status frames' pace, which had a wake-up of its own 12.5 times a second, rides
/// on them (docs/BENCHMARKS.md, "sleeps that ride on other wake-ups").
public enum LoopSleep {
    /// How much later than asked a sleep may end to share its wake-up with other sleeps.
    public static let leeway = Duration.milliseconds(4)

    /// The shared timer of each loop's sleeps, by the loop's identity.
    private static let timers = NIOLockedValueBox([ObjectIdentifier: SleepTimer]())

    static func timer(on loop: any EventLoop) -> SleepTimer {
        timers.withLockedValue { timers in
            let key = ObjectIdentifier(loop as AnyObject)
            if let timer = timers[key] { return timer }
            let timer = SleepTimer(loop: loop, leeway: nanoseconds(leeway))
            timers[key] = timer
            return timer
        }
    }

    static func nanoseconds(_ duration: Duration) -> UInt64 {
        let (seconds, attoseconds) = duration.components
        // At most a year: a longer sleep is woken by a cancel, not by its timer.
        return UInt64(max(0, min(seconds, 31_536_000) * 1_000_000_000 + attoseconds / 1_000_000_000))
    }

    /// Suspends for `duration`, or up to `tolerance` more to end in a wake-up of the loop that comes
    /// anyway, or `leeway` more than that to end with other sleeps (at once when `duration` is not
    /// positive, after a cancellation check), or throws `CancellationError` when the task is cancelled
    /// meanwhile, or the loop's error should it refuse the timer. Never ends before `duration`.
    public static func sleep(
        for duration: Duration, tolerance: Duration = .zero, on loop: any EventLoop = MultiThreadedEventLoopGroup.singleton.any()
    ) async throws {
        try Task.checkCancellation()
        let nanoseconds = nanoseconds(duration)
        guard nanoseconds > 0 else { return }
        let timer = timer(on: loop)
        let deadline = NIODeadline.now().uptimeNanoseconds + nanoseconds
        let latest = deadline + Self.nanoseconds(tolerance)
        let id = timer.reserve()
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
                timer.add(id, deadline: deadline, latest: latest) { continuation.resume(with: $0) }
            }
        } onCancel: {
            timer.cancel(id)
        }
    }

    /// Returns once the event loop has run what was ready to run when it was called, and what that made
    /// ready in turn (the jobs of the loop's current turn, `LoopJobQueue`); at once unless `ProcessExecutor`
    /// installed the loop.
    public static func settle() async {
        guard ProcessExecutor.installed == .loop else { return }
        let loop = MultiThreadedEventLoopGroup.singleton.any()
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            loop.execute { continuation.resume() }
        }
    }

    /// Sleeps `duration` of real time on whatever runs this process's tasks: the event loop's timer
    /// (`sleep(for:tolerance:on:)`) once `ProcessExecutor` installed it, else `Task.sleep`. Throws
    /// `CancellationError` when the task is cancelled meanwhile. Returns how much later than `duration`
    /// it may have ended by design: `tolerance` and `leeway` on the loop, else zero.
    @discardableResult
    public static func realSleep(for duration: Duration, tolerance: Duration = .zero) async throws -> Duration {
        if ProcessExecutor.installed == .loop {
            try await sleep(for: duration, tolerance: tolerance)
            return tolerance + leeway
        }
        try await Task.sleep(for: duration)
        return .zero
    }
}

/// The sleeps of one event loop and the one timer of the loop that ends them: armed for the latest
/// end within `leeway` of the earliest (a sleep's end: its deadline plus its tolerance), so that every
/// sleep due in that window ends in one wake-up of the loop, none before its deadline and none more
/// than its tolerance and `leeway` after it. `endDue()`, called in the loop's other wake-ups, ends the
/// sleeps whose deadline has passed there, before their timer.
final class SleepTimer: Sendable {
    private struct Sleeper {
        var deadline: UInt64
        /// The deadline plus the sleep's tolerance: when the timer must end it at the latest.
        var latest: UInt64
        var resume: @Sendable (Result<Void, any Error>) -> Void
    }

    /// A sleep: its id reserved (its task may be cancelled before it is added), or waiting.
    private enum Entry {
        case reserved
        case waiting(Sleeper)

        var sleeper: Sleeper? {
            if case .waiting(let sleeper) = self { sleeper } else { nil }
        }
    }

    private struct State {
        var nextID: UInt64 = 0
        var entries: [UInt64: Entry] = [:]
        var armed: (deadline: UInt64, callback: NIOScheduledCallback)?
        /// The earliest deadline of the sleeps waiting (`endDue()` looks no further before it).
        var earliest = UInt64.max
        var wakeUps = 0
    }

    private let loop: any EventLoop
    private let leeway: UInt64
    private let state = NIOLockedValueBox(State())

    init(loop: any EventLoop, leeway: UInt64) {
        self.loop = loop
        self.leeway = leeway
    }

    /// The timer's deadline for sleeps due at `deadlines`: the latest of them within `leeway` of the
    /// earliest; nil for none.
    static func target(of deadlines: some Sequence<UInt64>, leeway: UInt64) -> UInt64? {
        var earliest = UInt64.max
        for deadline in deadlines where deadline < earliest { earliest = deadline }
        guard earliest != .max else { return nil }
        var target = earliest
        for deadline in deadlines where deadline > target && deadline - earliest <= leeway { target = deadline }
        return target
    }

    /// How many times the loop's timer ended sleeps (not counting the sleeps `endDue()` ended).
    var wakeUps: Int { state.withLockedValue { $0.wakeUps } }

    /// An id for a sleep about to be added (or cancelled first).
    func reserve() -> UInt64 {
        state.withLockedValue { state in
            defer { state.nextID += 1 }
            state.entries[state.nextID] = .reserved
            return state.nextID
        }
    }

    /// Ends the sleep `id` (`resume` with success) once `deadline` (monotonic nanoseconds) has passed:
    /// in the first wake-up of the loop after it that calls `endDue()`, or by `latest` (the deadline
    /// plus a tolerance; the deadline when nil) in a wake-up of the timer shared with the sleeps due
    /// within `leeway`; at once with `CancellationError` when it was cancelled already.
    func add(_ id: UInt64, deadline: UInt64, latest: UInt64? = nil, resume: @escaping @Sendable (Result<Void, any Error>) -> Void) {
        let (cancelled, unarmed) = state.withLockedValue { state -> (Bool, Unarmed?) in
            guard state.entries[id] != nil else { return (true, nil) }
            state.entries[id] = .waiting(Sleeper(deadline: deadline, latest: max(deadline, latest ?? deadline), resume: resume))
            return (false, rearm(&state))
        }
        if cancelled { resume(.failure(CancellationError())) }
        unarmed?.end()
    }

    /// Ends the sleep `id` with `CancellationError`, unless it ended already.
    func cancel(_ id: UInt64) {
        let (sleeper, unarmed) = state.withLockedValue { state -> (Sleeper?, Unarmed?) in
            // Reserved: `add` finds it gone and ends it. Gone: it ended already.
            guard let sleeper = state.entries.removeValue(forKey: id)?.sleeper else { return (nil, nil) }
            return (sleeper, rearm(&state))
        }
        sleeper?.resume(.failure(CancellationError()))
        unarmed?.end()
    }

    /// The sleeps a loop that refused a timer leaves, and why: nothing else would ever end them.
    private struct Unarmed {
        var sleepers: [Sleeper]
        var error: any Error

        func end() {
            for sleeper in sleepers { sleeper.resume(.failure(error)) }
        }
    }

    /// The loop's callback for the timer armed for `target` (no promise, unlike `scheduleTask`'s).
    private struct Alarm: NIOScheduledCallbackHandler, Sendable {
        weak var timer: SleepTimer?
        let target: UInt64

        func handleScheduledCallback(eventLoop: some EventLoop) {
            timer?.end(firing: target)
        }
    }

    /// Arms the loop's timer for the sleeps left, moving it when their target moved. (No key paths here:
    /// `\.sleeper?.deadline` cost about 3 000 instructions a sleep, projected at run time.)
    /// Returns the sleeps to end when the loop refuses the timer (`scheduleCallback` throws).
    private func rearm(_ state: inout State) -> Unarmed? {
        var earliest = UInt64.max
        for entry in state.entries.values { if let deadline = entry.sleeper?.deadline, deadline < earliest { earliest = deadline } }
        state.earliest = earliest
        let target = Self.target(of: state.entries.values.lazy.compactMap { $0.sleeper?.latest }, leeway: leeway)
        if let armed = state.armed, armed.deadline == target { return nil }
        state.armed?.callback.cancel()
        state.armed = nil
        guard let target else { return nil }
        do {
            let callback = try loop.scheduleCallback(at: .uptimeNanoseconds(target), handler: Alarm(timer: self, target: target))
            state.armed = (target, callback)
            return nil
        } catch {
            var sleepers: [Sleeper] = []
            for entry in state.entries.values { if let sleeper = entry.sleeper { sleepers.append(sleeper) } }
            // Reserved ones too: `add` finds them gone and ends them.
            state.entries.removeAll()
            return Unarmed(sleepers: sleepers, error: error)
        }
    }

    /// A wake-up of the loop for something else (`ProcessExecutor`'s jobs ran): ends the sleeps whose
    /// deadline has passed, as the timer would (after a clock reading and a comparison when none has).
    func endDue() {
        end(firing: nil)
    }

    /// Ends every sleep due by now and arms the timer for the rest; `target`: the timer armed for it ran
    /// (`Alarm`), nil in another wake-up (`endDue()`).
    private func end(firing target: UInt64?) {
        let now = NIODeadline.now().uptimeNanoseconds
        let (due, unarmed) = state.withLockedValue { state -> ([Sleeper], Unarmed?) in
            if target == nil, now < state.earliest { return ([], nil) }
            var due: [(id: UInt64, sleeper: Sleeper)] = []
            for (id, entry) in state.entries {
                if case .waiting(let sleeper) = entry, sleeper.deadline <= now { due.append((id, sleeper)) }
            }
            for (id, _) in due { state.entries.removeValue(forKey: id) }
            if !due.isEmpty, target != nil { state.wakeUps += 1 }
            // A timer moved meanwhile may still run once: the one armed now stays.
            if let target, state.armed?.deadline == target { state.armed = nil }
            let unarmed = rearm(&state)
            return (due.map { $0.sleeper }.sorted { $0.deadline < $1.deadline }, unarmed)
        }
        for sleeper in due { sleeper.resume(.success(())) }
        unarmed?.end()
    }
}
