import Domain
import Foundation

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

    public func fixes() -> AsyncThrowingStream<Fix, any Error> {
        let (stream, continuation) = AsyncThrowingStream.makeStream(of: Fix.self, bufferingPolicy: .bufferingNewest(16))
        let task = Task { [profile, clock] in
            var walker = SimulatedWalker(profile: profile)
            var next = clock.now
            continuation.yield(Fix(coordinate: walker.reported(walker.position), timestamp: next))
            while !Task.isCancelled {
                next = next.addingTimeInterval(profile.interval)
                do { try await clock.sleep(until: next) } catch { break }
                continuation.yield(Fix(coordinate: walker.reported(walker.step(seconds: profile.interval)), timestamp: next))
            }
            continuation.finish()
        }
        continuation.onTermination = { _ in task.cancel() }
        return stream
    }
}
