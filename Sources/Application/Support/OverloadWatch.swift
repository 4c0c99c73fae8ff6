import Domain
import Logging
import Presentation

/// Measures how late this process's timers fire (a sleep of `period`, five times a second) and tells
/// `apply` each change of `OverloadGovernor.Level`, logging it. Stopped by `stop()`.
final class OverloadWatch: Sendable {
    static let period = Duration.milliseconds(200)
    private let task: Task<Void, Never>

    /// Watches for the run `response` adjusts (see `OverloadResponse`).
    convenience init(logger: Logger, response: OverloadResponse) {
        self.init(logger: logger, pacesUpdates: response.pacesUpdates) { response.apply($0) }
    }

    init(logger: Logger, pacesUpdates: Bool = true, apply: @escaping @Sendable (OverloadGovernor.Level) -> Void) {
        task = Task {
            var governor = OverloadGovernor()
            let clock = ContinuousClock()
            let origin = clock.now
            while !Task.isCancelled {
                let due = clock.now.advanced(by: Self.period)
                do { try await Task.sleep(until: due, clock: clock) } catch { return }
                let now = clock.now
                let before = governor.level
                guard let level = governor.observe(late: (now - due).inSeconds, at: (now - origin).inSeconds) else { continue }
                apply(level)
                let late = Int((governor.lateness * 1000).rounded())
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
    }

    func stop() { task.cancel() }
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
