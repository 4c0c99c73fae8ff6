import Domain
import Foundation
import MateRunnerTesting
import PropertyBased
import Testing

/// Properties of the noise filter over random tracks: it never adds distance, standing still adds
/// nothing at any accuracy, and nothing it is given (NaN, zero or negative steps) makes it misbehave.
@Suite("Noise filter properties")
struct NoiseFilterPropertyTests {
    /// A random track in time order: steps of 0-40 m in 0-5 s, with outliers and invalid fixes.
    private func track(seed: UInt64, count: Int) -> [Fix] {
        var random = SeededGenerator(seed: seed)
        var position = RaceSamples.origin
        var time = 0.0
        return (0..<count).map { _ in
            time += [0, 0.5, 1, 1, 2, 5].randomElement(using: &random) ?? 1
            position = Geodesy.destination(from: position, metres: Double.random(in: 0...40, using: &random), bearing: Double.random(in: 0..<360, using: &random))
            var coordinate = position
            switch Int.random(in: 0..<20, using: &random) {
            case 0: coordinate = Geodesy.destination(from: position, metres: 800, bearing: 90)
            case 1: coordinate = Coordinate(latitude: .nan, longitude: position.longitude)
            case 2: coordinate = Coordinate(latitude: 91, longitude: position.longitude)
            default: break
            }
            let accuracy: Double? = Bool.random(using: &random) ? nil : Double.random(in: 1...30, using: &random)
            return Fix(coordinate: coordinate, timestamp: RaceSamples.start.addingTimeInterval(time), horizontalAccuracy: accuracy)
        }
    }

    @Test("the filtered distance never exceeds the raw point-to-point distance, and is finite")
    func neverAddsDistance() async {
        await propertyCheck(count: 300, input: Gen.uint64(), Gen.int(in: 0...200)) { seed, count in
            var filtered = DistanceTracker()
            var raw = DistanceTracker(settings: .unfiltered)
            for fix in track(seed: seed, count: count) {
                filtered.add(fix)
                raw.add(fix)
            }
            #expect(filtered.distance.isFinite)
            #expect(filtered.distance >= 0)
            #expect(filtered.distance <= raw.distance + 1e-6)
        }
    }

    @Test("standing still adds 0 m for any accuracy up to 5 m and any jitter inside its circle")
    func standingStillAddsNothing() async {
        await propertyCheck(count: 200, input: Gen.uint64(), Gen.double(in: 0.5...5)) { seed, accuracy in
            var random = SeededGenerator(seed: seed)
            var tracker = DistanceTracker()
            for second in 0..<300 {
                let radius = accuracy * Double.random(in: 0...1, using: &random).squareRoot() * 0.999
                let spot = Geodesy.destination(from: RaceSamples.origin, metres: radius, bearing: Double.random(in: 0..<360, using: &random))
                tracker.add(Fix(coordinate: spot, timestamp: RaceSamples.start.addingTimeInterval(Double(second)), horizontalAccuracy: accuracy))
            }
            // The minimum step is 2 × accuracy, capped at 10 m: jitter up to 5 m of radius is covered.
            #expect(tracker.distance == 0)
            #expect(tracker.rejectedCount == 0)
        }
    }
}
