import Foundation

extension ManualRaceClock {
    /// Runs `body` while a driver moves this clock: whenever a task sleeps on it, the driver first lets
    /// the work in flight run (`settle` yields: messages handled, streams drained), then, if a task
    /// still sleeps, advances by `step`. Time passes only while the tasks wait on the clock, however
    /// loaded the machine, and nothing sleeps on the wall clock: with no sleeper the driver is parked
    /// (`awaitSleepers`), not polling. The driver stops when `body` returns or throws.
    public func driving<T: Sendable>(step: TimeInterval, settle: Int = 20, _ body: () async throws -> T) async rethrows -> T {
        let driver = Task { [self] in
            while !Task.isCancelled {
                await awaitSleepers(1)
                for _ in 0..<settle { await Task.yield() }
                if !Task.isCancelled, sleeperCount > 0 { advance(by: step) }
            }
        }
        defer { driver.cancel() }
        return try await body()
    }
}
