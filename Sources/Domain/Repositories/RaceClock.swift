import Foundation

/// The clock a run is timed on. Live runs use the system clock, optionally sped up for simulations;
/// tests use a manual clock, so nothing ever sleeps for real.
public protocol RaceClock: Sendable {
    /// The current instant on this clock.
    var now: Date { get }
    /// Suspends until `deadline` on this clock, or throws `CancellationError` when the task is cancelled.
    func sleep(until deadline: Date) async throws
    /// Suspends until `deadline`, or up to `tolerance` (this clock's seconds) later where the clock can
    /// end the sleep in a wake-up that comes anyway rather than one of its own (`Clock.sleep(until:tolerance:)`);
    /// never earlier. By default, `sleep(until:)`.
    func sleep(until deadline: Date, tolerance: TimeInterval) async throws
}

extension RaceClock {
    public func sleep(until deadline: Date, tolerance: TimeInterval) async throws {
        try await sleep(until: deadline)
    }

    /// Suspends for `seconds` of this clock's time.
    public func sleep(for seconds: TimeInterval) async throws {
        try await sleep(until: now.addingTimeInterval(seconds))
    }

    /// Suspends for `seconds` of this clock's time, or up to `tolerance` longer (`sleep(until:tolerance:)`).
    public func sleep(for seconds: TimeInterval, tolerance: TimeInterval) async throws {
        let deadline = now.addingTimeInterval(seconds)
        if tolerance > 0 {
            try await sleep(until: deadline, tolerance: tolerance)
        } else {
            try await sleep(until: deadline)
        }
    }
}
