import Domain
import Foundation
import Synchronization

/// A runner simulated at a given pace: one fix per `interval` of race-clock time, moving along a
/// gently wandering heading (or along the course, when one is given; it stays at its end), with the speed varying around the pace, optional GPS-like jitter on the
/// reported position and optional pauses (standing still, fixes still coming). The same seed gives
/// the same run. Time comes from the injected clock, so a sped-up clock gives a sped-up run.
public struct SimulatedLocationRepository: LocationRepository {
    /// What the simulated runner does.
    public struct Profile: Sendable, Equatable {
        /// Seconds per kilometre (300 = 5:00 min/km).
        public var paceSecondsPerKilometre: Double
        /// Where the run starts.
        public var start: Coordinate
        /// Race-clock seconds between fixes.
        public var interval: TimeInterval
        /// Relative speed variation from fix to fix, 0...0.5 (0.05 = ±5 %).
        public var speedVariation: Double
        /// The seed of every random choice: the same seed, the same run.
        public var seed: UInt64
        /// Noise added to each reported position, up to this many metres in a random direction (the
        /// true path is unaffected); 0 for none.
        public var jitterMetres: Double
        /// Every `pause.every` seconds of running the runner stands still for `pause.duration` seconds.
        public var pause: Pause?
        /// The course to run along from its start, instead of wandering from `start`.
        public var course: LappedCourse?

        /// Standing still for `duration` seconds after every `every` seconds of running.
        public struct Pause: Sendable, Equatable {
            /// Seconds of running between pauses.
            public var every: TimeInterval
            /// Seconds of each pause.
            public var duration: TimeInterval

            /// A pause plan.
            public init(every: TimeInterval, duration: TimeInterval) {
                self.every = every
                self.duration = duration
            }
        }

        public init(
            paceSecondsPerKilometre: Double,
            start: Coordinate = Coordinate(latitude: 45.7574, longitude: 14.3617),
            interval: TimeInterval = 1,
            speedVariation: Double = 0.05,
            seed: UInt64 = 1,
            jitterMetres: Double = 0,
            pause: Pause? = nil,
            course: LappedCourse? = nil
        ) {
            self.paceSecondsPerKilometre = paceSecondsPerKilometre
            self.start = start
            self.interval = interval
            self.speedVariation = speedVariation
            self.seed = seed
            self.jitterMetres = jitterMetres
            self.pause = pause
            self.course = course
        }

    }

    /// How this runner runs.
    public let profile: Profile
    private let clock: any RaceClock

    public init(profile: Profile, clock: any RaceClock) {
        self.profile = profile
        self.clock = clock
    }

    public func statuses() -> AsyncStream<PositionStatus> {
        PositionStatus.constant(PositionStatus(source: .simulator, state: .simulated))
    }

    /// The first fix at `raceStart` (now when there is none, or it is still to come), then one per
    /// `profile.interval` on the clock, each made when the consumer asks for it: the consumer's own task
    /// sleeps until the fix is due, with no task of the simulator's in between (one task hop less per
    /// fix). A consumer that asks late gets the fixes it missed at once, each with its own timestamp, so
    /// the runner starts at the race's start however late the run asked on a busy machine. Ends when
    /// the consumer's task is cancelled.
    public func fixes(from raceStart: Date?) -> AsyncThrowingStream<Fix, any Error> {
        let (profile, clock) = (profile, clock)
        // The walker and the time of the last fix (none yet: the first is at the start, at once); the
        // stream never asks again before its last ask returned.
        let state = Mutex((walker: SimulatedWalker(profile: profile), last: Date?.none))
        let now = clock.now
        let start = min(raceStart ?? now, now)
        return AsyncThrowingStream {
            // The first fix at once; otherwise when the next one is due.
            let next = state.withLock { state -> (first: Fix?, due: Date) in
                guard let last = state.last else {
                    state.last = start
                    return (Fix(coordinate: state.walker.reported(state.walker.position), timestamp: start), start)
                }
                return (nil, last.addingTimeInterval(profile.interval))
            }
            if let first = next.first { return first }
            let due = next.due
            do { try await clock.sleep(until: due) } catch { return nil }
            return state.withLock {
                $0.last = due
                return Fix(coordinate: $0.walker.reported($0.walker.step(seconds: profile.interval)), timestamp: due)
            }
        }
    }
}
