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
                guard let level = governor.observe(late: Self.seconds(now - due), at: Self.seconds(now - origin)) else { continue }
                apply(level)
                let late = Int((governor.lateness * 1000).rounded())
                let updates = level.updateInterval > 0 ? "our updates at most \(Int((1 / level.updateInterval).rounded())) a second"
                    : "every update sent"
                let frames = "status frames every \(Int(Self.seconds(level.statusInterval) * 1000)) ms"
                if level < before {
                    logger.info("load easing (timers \(late) ms late): \(frames), \(updates)")
                } else {
                    logger.info("overloaded (timers \(late) ms late): \(frames), \(updates); results are not affected")
                }
            }
        }
    }

    func stop() { task.cancel() }

    static func seconds(_ duration: Duration) -> Double {
        Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
    }
}
