import Domain
import Logging
import Presentation
import Synchronization

/// Watches how late this process's sleeps wake (`SleepLateness`: the live race clocks report every sleep,
/// several a second in a run: the heartbeat, the elapsed-time tick, the fixes of a simulator or replay) and
/// tells `apply` each change of `OverloadGovernor.Level`, logging it. No timer of its own: on a small board
/// five wake-ups a second were a measurable part of a run's CPU. Stopped by `stop()`.
final class OverloadWatch: Sendable {
    private let watch: SleepLateness.Watch

    /// Watches for the run `response` adjusts (see `OverloadResponse`).
    convenience init(logger: Logger, response: OverloadResponse, lateness: SleepLateness = .shared) {
        self.init(logger: logger, pacesUpdates: response.pacesUpdates, lateness: lateness) { response.apply($0) }
    }

    init(
        logger: Logger, pacesUpdates: Bool = true, lateness: SleepLateness = .shared,
        apply: @escaping @Sendable (OverloadGovernor.Level) -> Void
    ) {
        let governor = Mutex(OverloadGovernor())
        let clock = ContinuousClock()
        let origin = clock.now
        watch = lateness.watch { late in
            // Sleeps end on several tasks at once: one at a time, so the levels are applied in order.
            let change = governor.withLock { governor -> (level: OverloadGovernor.Level, before: OverloadGovernor.Level, late: Int)? in
                let before = governor.level
                guard let level = governor.observe(late: late.inSeconds, at: (clock.now - origin).inSeconds) else { return nil }
                apply(level)
                return (level, before, Int((governor.lateness * 1000).rounded()))
            }
            guard let (level, before, late) = change else { return }
            let updates = !pacesUpdates ? "no updates of ours to pace"
                : level.updateInterval > 0 ? "our updates at most \(Int((1 / level.updateInterval).rounded())) a second"
                : "every update sent"
            let frames = "status frames every \(Int(level.statusInterval.inSeconds * 1000)) ms"
            if level < before {
                logger.info("load easing (timers \(late) ms late): \(frames), \(updates)")
            } else {
                logger.info("overloaded (timers \(late) ms late): \(frames), \(updates); results are not affected")
            }
        }
    }

    func stop() { watch.cancel() }
}

/// What an overload level means for one run: the binder's status frames come less often (never more often
/// than its own interval), then each paced session's own updates (at `speedup`, the race clock's rate).
/// A spectator paces nothing.
public struct OverloadResponse: Sendable {
    private let binder: FrontEndBinder
    private let standardFrames: Duration
    private let sessions: [RaceSession]
    private let speedup: Double

    /// The response for `binder` (its status interval now is the normal one) and `sessions`.
    public init(binder: FrontEndBinder, paced sessions: [RaceSession] = [], speedup: Double = 1) {
        self.binder = binder
        standardFrames = binder.statusInterval
        self.sessions = sessions
        self.speedup = speedup
    }

    /// Whether there are updates of ours to pace.
    public var pacesUpdates: Bool { !sessions.isEmpty }

    /// Sets the frames' and the updates' rates for `level`.
    public func apply(_ level: OverloadGovernor.Level) {
        binder.statusInterval = level == .normal ? standardFrames : max(standardFrames, level.statusInterval)
        for session in sessions { session.pacing.interval = level.updateInterval * speedup }
    }
}
