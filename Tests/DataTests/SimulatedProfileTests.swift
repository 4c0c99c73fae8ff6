import Data
import Domain
import Foundation
import MateRunnerTesting
import Testing

/// The simulator profile's jitter and pauses, on the manual clock.
extension SimulatedLocationRepositoryTests {
    @Test("pauses: standing still for `duration` after every `every` seconds, fixes still coming")
    func pauses() async throws {
        let profile = SimulatedLocationRepository.Profile(
            paceSecondsPerKilometre: 300, speedVariation: 0, seed: 8, pause: .init(every: 5, duration: 3)
        )
        let fixes = try await fixes(profile, count: 17)
        let steps = zip(fixes, fixes.dropFirst()).map { Geodesy.distance(from: $0.coordinate, to: $1.coordinate) }
        // Steps 1-5 run, 6-8 stand, 9-13 run, 14-16 stand.
        let moving = steps.map { $0 > 0.1 }
        #expect(moving == [true, true, true, true, true, false, false, false, true, true, true, true, true, false, false, false])
        #expect(steps.filter { $0 > 0.1 }.allSatisfy { abs($0 - 1000.0 / 300) < 0.01 })
    }

    @Test("jitter moves each reported fix by at most its metres; same seed, same jitter")
    func jitter() async throws {
        let still = SimulatedLocationRepository.Profile(paceSecondsPerKilometre: 300, speedVariation: 0, seed: 4, pause: .init(every: 0.5, duration: 1000))
        let noisy = SimulatedLocationRepository.Profile(
            paceSecondsPerKilometre: 300, speedVariation: 0, seed: 4, jitterMetres: 6, pause: .init(every: 0.5, duration: 1000)
        )
        let truth = try await fixes(still, count: 20)
        let reported = try await fixes(noisy, count: 20)
        let offsets = zip(truth, reported).map { Geodesy.distance(from: $0.coordinate, to: $1.coordinate) }
        #expect(offsets.allSatisfy { $0 <= 6.001 })
        #expect(offsets.contains { $0 > 1 })
        #expect(try await fixes(noisy, count: 20) == reported)
    }
}
