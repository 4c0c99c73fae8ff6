import Domain
import Foundation

/// A runner simulated at a given pace: one fix per `interval` of race-clock time, moving along a
/// gently wandering heading, with the speed varying around the pace. The same seed gives the same
/// run. Time comes from the injected clock, so a sped-up clock gives a sped-up run.
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
        public var seed: UInt64

        public init(
            paceSecondsPerKilometre: Double,
            start: Coordinate = Coordinate(latitude: 45.7574, longitude: 14.3617),
            interval: TimeInterval = 1,
            speedVariation: Double = 0.05,
            seed: UInt64 = 1
        ) {
            self.paceSecondsPerKilometre = paceSecondsPerKilometre
            self.start = start
            self.interval = interval
            self.speedVariation = speedVariation
            self.seed = seed
        }
    }

    private let profile: Profile
    private let clock: any RaceClock

    public init(profile: Profile, clock: any RaceClock) {
        self.profile = profile
        self.clock = clock
    }

    public func fixes() -> AsyncThrowingStream<Fix, any Error> {
        let (stream, continuation) = AsyncThrowingStream.makeStream(of: Fix.self, bufferingPolicy: .bufferingNewest(16))
        let task = Task { [profile, clock] in
            var walker = SimulatedWalker(profile: profile)
            var next = clock.now
            continuation.yield(Fix(coordinate: walker.position, timestamp: next))
            while !Task.isCancelled {
                next = next.addingTimeInterval(profile.interval)
                do { try await clock.sleep(until: next) } catch { break }
                continuation.yield(Fix(coordinate: walker.step(seconds: profile.interval), timestamp: next))
            }
            continuation.finish()
        }
        continuation.onTermination = { _ in task.cancel() }
        return stream
    }
}

/// The deterministic part of the simulator: where the runner is after each step.
struct SimulatedWalker {
    private(set) var position: Coordinate
    private var bearing: Double
    private var random: SplitMix64
    private let profile: SimulatedLocationRepository.Profile

    init(profile: SimulatedLocationRepository.Profile) {
        self.profile = profile
        self.position = profile.start
        self.random = SplitMix64(seed: profile.seed)
        self.bearing = Double.random(in: 0..<360, using: &random)
    }

    mutating func step(seconds: TimeInterval) -> Coordinate {
        let speed = 1000 / profile.paceSecondsPerKilometre
        let variation = max(0, min(0.5, profile.speedVariation))
        let factor = variation > 0 ? Double.random(in: (1 - variation)...(1 + variation), using: &random) : 1
        bearing = (bearing + Double.random(in: -4...4, using: &random) + 360).truncatingRemainder(dividingBy: 360)
        position = Geodesy.destination(from: position, metres: speed * factor * seconds, bearing: bearing)
        return position
    }
}
