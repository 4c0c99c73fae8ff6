import Domain
import Foundation
import Synchronization

/// The race clock `materunner run` times everything on: this machine's clock (optionally sped up, as
/// `SystemRaceClock`) corrected toward the race-clock host's, as the sync layer estimates it
/// (docs/PROTOCOL.md, "Race clock"). The correction follows the estimate through `ClockSlew`: forward
/// at once, backward slowly, so the clock never goes back. Until `follow` is called, or while no
/// exchange has completed, it is this machine's clock.
///
/// Speed-up is race time only: a clock made with `raceTimeStarted: false` reads real (corrected) time
/// until `startRaceTime()`, and runs `speedup` times faster from that instant on, so the lobby, its
/// timeouts and the agreed start are real instants, the same on every machine (docs/ARCHITECTURE.md, "Time").
public final class AgreedRaceClock: RaceClock {
    /// Where the clock stands: the correction applied, the estimate it follows, and our role.
    public struct Status: Sendable, Equatable {
        /// The race clock minus this machine's clock now, in seconds (what the clock applies).
        public var appliedOffset: TimeInterval
        /// The estimate's offset (host minus us), in seconds; nil before any exchange or as the host.
        public var estimatedOffset: TimeInterval?
        /// How far the estimate may be off (half the best exchange's delay), in seconds; 0 as the host.
        public var uncertainty: TimeInterval?
        /// Whether this peer is the race-clock host (its clock is the race clock).
        public var isHost: Bool
        /// Whether the clock is agreed with mates: we are the host with mates heard, or follow an estimate.
        public var isAgreed: Bool
    }

    /// Where the clock's correction comes from: the sync layer's estimate, and whether we are the host
    /// of a race with mates.
    public struct Source: Sendable {
        public var estimate: @Sendable () -> RaceClockEstimate
        public var isHostWithMates: @Sendable () -> Bool

        /// A source reading `estimate` and `isHostWithMates` at every reading of the clock.
        public init(estimate: @escaping @Sendable () -> RaceClockEstimate, isHostWithMates: @escaping @Sendable () -> Bool) {
            self.estimate = estimate
            self.isHostWithMates = isHostWithMates
        }
    }

    /// How many race seconds pass per real second; 1 is real time.
    public let speedup: Double
    private let origin: Date
    private let elapsed: @Sendable () -> TimeInterval
    private let state: Mutex<(slew: ClockSlew, source: Source?, spedUpFrom: TimeInterval?)>

    /// A clock reading this machine's time from now on, `speedup` times faster from the moment race
    /// time starts: at once, or with `raceTimeStarted: false` at `startRaceTime()`. `elapsed` gives
    /// real seconds since the clock was made (monotonic; injected by tests).
    public init(
        speedup: Double = 1, origin: Date = Date(), raceTimeStarted: Bool = true, elapsed: (@Sendable () -> TimeInterval)? = nil
    ) {
        precondition(speedup.isFinite && speedup > 0, "speedup must be a positive number")
        self.speedup = speedup
        self.origin = origin
        state = Mutex((ClockSlew(), nil, raceTimeStarted ? 0 : nil))
        if let elapsed {
            self.elapsed = elapsed
        } else {
            let base = ContinuousClock.now
            self.elapsed = { SpedUpTime.seconds(since: base) }
        }
    }

    /// From now on, corrects the clock toward `source`'s estimate.
    public func follow(_ source: Source) {
        state.withLock { $0.source = source }
    }

    /// From now on race time runs `speedup` times faster; the clock does not jump. Does nothing the
    /// second time, or on a clock whose race time started when it was made.
    public func startRaceTime() {
        let local = elapsed()
        let target = state.withLock { $0.source }?.estimate().offset ?? 0
        state.withLock { state in
            guard state.spedUpFrom == nil else { return }
            state.slew.advance(toward: target, atLocal: local)
            state.spedUpFrom = state.slew.raceTime(atLocal: local)
        }
    }

    /// How many race seconds pass per real second now: 1 until race time starts, then `speedup`.
    public var currentSpeedup: Double {
        state.withLock { $0.spedUpFrom } == nil ? 1 : speedup
    }

    /// The race clock now. The real time under it is corrected, then sped up from the start of race time.
    public var now: Date {
        let local = elapsed()
        let target = state.withLock { $0.source }?.estimate().offset ?? 0
        let (raceSeconds, spedUpFrom) = state.withLock { state -> (TimeInterval, TimeInterval?) in
            state.slew.advance(toward: target, atLocal: local)
            return (state.slew.raceTime(atLocal: local), state.spedUpFrom)
        }
        guard let spedUpFrom else { return origin.addingTimeInterval(raceSeconds) }
        return origin.addingTimeInterval(spedUpFrom + (raceSeconds - spedUpFrom) * speedup)
    }

    /// The correction applied and what it follows.
    public var status: Status {
        _ = now
        let (applied, source) = state.withLock { ($0.slew.applied, $0.source) }
        let estimate = source?.estimate() ?? RaceClockEstimate()
        let isHost = source.map { $0.isHostWithMates() } ?? false
        return Status(
            appliedOffset: applied,
            estimatedOffset: estimate.offset,
            uncertainty: isHost ? 0 : estimate.uncertainty,
            isHost: isHost,
            isAgreed: isHost || estimate.offset != nil
        )
    }

    public func sleep(until deadline: Date) async throws {
        try await sleep(until: deadline, tolerance: 0)
    }

    /// Sleeps until `deadline`, or up to `tolerance` race seconds later to end in a wake-up of the event
    /// loop that comes anyway (`LoopSleep.sleep(for:tolerance:)`); only a sleep without one reports its
    /// lateness (`SleepLateness.sleep(for:tolerance:)`).
    public func sleep(until deadline: Date, tolerance: TimeInterval) async throws {
        let speedup = currentSpeedup
        let real = Duration.seconds(max(0, tolerance) / speedup)
        try await SpedUpTime.sleep(until: deadline, now: now, speedup: speedup) { try await SleepLateness.shared.sleep(for: $0, tolerance: real) }
    }
}
