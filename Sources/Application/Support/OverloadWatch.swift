import Domain
import Logging

/// Measures how late this process's timers fire (a sleep of `period`, five times a second) and tells
/// `apply` each change of `OverloadGovernor.Level`, logging it. Stopped by `stop()`.
final class OverloadWatch: Sendable {
    static let period = Duration.milliseconds(200)
    private let task: Task<Void, Never>

    init(logger: Logger, apply: @escaping @Sendable (OverloadGovernor.Level) -> Void) {
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
                let updates = level.updateInterval > 0 ? "our updates at most \(Int((1 / level.updateInterval).rounded())) a second"
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
