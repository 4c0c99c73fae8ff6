import Foundation

/// The clock a run is timed on. Live runs use the system clock, optionally sped up for simulations;
/// tests use a manual clock, so nothing ever sleeps for real.
public protocol RaceClock: Sendable {
    /// The current instant on this clock.
    var now: Date { get }
    /// Suspends until `deadline` on this clock, or throws `CancellationError` when the task is cancelled.
    func sleep(until deadline: Date) async throws
}

extension RaceClock {
    /// Suspends for `seconds` of this clock's time.
    public func sleep(for seconds: TimeInterval) async throws {
        try await sleep(until: now.addingTimeInterval(seconds))
    }
}
