import Domain
import Foundation

/// The deterministic part of the simulator: where the runner is after each step.
struct SimulatedWalker {
    private(set) var position: Coordinate
    private var bearing: Double
    private var random: SplitMix64
    private let profile: SimulatedLocationRepository.Profile
    private var elapsed: TimeInterval = 0
    /// Metres along the course, when the runner follows one.
    private var along = 0.0

    init(profile: SimulatedLocationRepository.Profile) {
        self.profile = profile
        self.position = profile.course.map { $0.coordinate(at: 0) } ?? profile.start
        self.random = SplitMix64(seed: profile.seed)
        self.bearing = Double.random(in: 0..<360, using: &random)
    }

    mutating func step(seconds: TimeInterval) -> Coordinate {
        defer { elapsed += seconds }
        if let pause = profile.pause, pause.every > 0, pause.duration > 0 {
            let cycle = elapsed.truncatingRemainder(dividingBy: pause.every + pause.duration)
            if cycle >= pause.every { return position }
        }
        let speed = 1000 / profile.paceSecondsPerKilometre
        let variation = max(0, min(0.5, profile.speedVariation))
        let factor = variation > 0 ? Double.random(in: (1 - variation)...(1 + variation), using: &random) : 1
        bearing = (bearing + Double.random(in: -4...4, using: &random) + 360).truncatingRemainder(dividingBy: 360)
        if let course = profile.course {
            along += speed * factor * seconds
            position = course.coordinate(at: along)
            return position
        }
        position = Geodesy.destination(from: position, metres: speed * factor * seconds, bearing: bearing)
        return position
    }

    /// The position as a receiver would report it: `position` moved by up to `jitterMetres`.
    mutating func reported(_ position: Coordinate) -> Coordinate {
        guard profile.jitterMetres > 0 else { return position }
        let metres = Double.random(in: 0...profile.jitterMetres, using: &random)
        return Geodesy.destination(from: position, metres: metres, bearing: Double.random(in: 0..<360, using: &random))
    }
}
