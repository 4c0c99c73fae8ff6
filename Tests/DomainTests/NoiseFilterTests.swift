import Domain
import Foundation
import MateRunnerTesting
import Testing

/// The GPS noise filter through `DistanceTracker`: every rule of `NoiseFilter`, its numbers, and the
/// edges (no fix, one fix, zero-time and negative steps, NaN).
@Suite("Noise filter")
struct NoiseFilterTests {
    private let metresPerDegree = Geodesy.earthRadius * .pi / 180

    /// A fix `north` metres north and `east` metres east of the sample origin, `seconds` after start.
    private func fix(
        north: Double = 0, east: Double = 0, at seconds: TimeInterval,
        accuracy: Double? = nil, quality: FixQuality = .unreported
    ) -> Fix {
        let northward = Geodesy.destination(from: RaceSamples.origin, metres: north, bearing: 0)
        let coordinate = Geodesy.destination(from: northward, metres: east, bearing: 90)
        return Fix(
            coordinate: coordinate, timestamp: RaceSamples.start.addingTimeInterval(seconds),
            horizontalAccuracy: accuracy, quality: quality
        )
    }

    /// Expects the outcome to be a counted step of about `metres`.
    private func expectAdded(_ outcome: DistanceTracker.Outcome, _ metres: Double, sourceLocation: SourceLocation = #_sourceLocation) {
        guard case .accepted(let added) = outcome else {
            Issue.record("expected \(metres) m added, got \(outcome)", sourceLocation: sourceLocation)
            return
        }
        #expect(abs(added - metres) < 1e-6, sourceLocation: sourceLocation)
    }

    @Test("no fix at all: nothing counted, nothing rejected, no segment")
    func noFixAtAll() {
        let tracker = DistanceTracker()
        #expect(tracker.distance == 0)
        #expect(tracker.lastFix == nil)
        #expect(tracker.segments == 0)
        #expect(tracker.rejectedCount == 0)
    }

    @Test("a fix the receiver marks as no fix is dropped, whatever its position")
    func receiverWithoutFix() {
        var tracker = DistanceTracker()
        #expect(tracker.add(fix(at: 0, quality: .noFix)) == .rejected(.noFix))
        #expect(tracker.lastFix == nil)
        tracker.add(fix(at: 1, quality: .threeDimensional))
        #expect(tracker.add(fix(north: 4, at: 2, quality: .noFix)) == .rejected(.noFix))
        expectAdded(tracker.add(fix(north: 4, at: 3, quality: .twoDimensional)), 4)
        #expect(tracker.rejections == [.noFix: 2])
        #expect(FixQuality.allCases.filter(\.hasFix) == [.unreported, .twoDimensional, .threeDimensional])
    }

    @Test("accuracy worse than 20 m, negative or not a number is dropped; 20 m exactly is kept")
    func accuracyThreshold() {
        var tracker = DistanceTracker()
        #expect(tracker.add(fix(at: 0, accuracy: 20)) == .accepted(addedMetres: 0))
        for (index, accuracy) in [20.01, 50, .nan, .infinity, -1].enumerated() {
            #expect(tracker.add(fix(north: 30, at: Double(index + 1), accuracy: accuracy)) == .rejected(.poorAccuracy))
        }
        #expect(tracker.rejections == [.poorAccuracy: 5])
        #expect(tracker.distance == 0)
    }

    @Test("a timestamp that is not finite is dropped")
    func invalidTime() {
        var tracker = DistanceTracker()
        let broken = Fix(coordinate: RaceSamples.origin, timestamp: Date(timeIntervalSinceReferenceDate: .nan))
        #expect(tracker.add(broken) == .rejected(.invalidTime))
        #expect(tracker.add(Fix(coordinate: RaceSamples.origin, timestamp: .distantFuture)) == .accepted(addedMetres: 0))
    }

    @Test("standing still with jitter inside the reported accuracy circle adds exactly 0 m", arguments: [3.0, 5.0])
    func standingStillWithAccuracy(accuracy: Double) {
        var tracker = DistanceTracker()
        var random = SeededGenerator(seed: 42)
        for second in 0..<3_600 {
            // A random point inside the accuracy circle, as a receiver standing still reports it.
            let radius = accuracy * Double.random(in: 0...1, using: &random).squareRoot()
            let bearing = Double.random(in: 0..<360, using: &random)
            let spot = Geodesy.destination(from: RaceSamples.origin, metres: radius, bearing: bearing)
            let jitter = Fix(coordinate: spot, timestamp: RaceSamples.start.addingTimeInterval(Double(second)), horizontalAccuracy: accuracy)
            #expect(tracker.add(jitter) == .accepted(addedMetres: 0))
        }
        #expect(tracker.distance == 0)
        #expect(tracker.stationaryFixes == 3_599)
        #expect(tracker.rejectedCount == 0)
    }

    @Test("standing still with jitter of up to 1.25 m and no reported accuracy adds exactly 0 m")
    func standingStillWithoutAccuracy() {
        var tracker = DistanceTracker()
        var random = SeededGenerator(seed: 7)
        for second in 0..<3_600 {
            let radius = 1.25 * Double.random(in: 0...1, using: &random).squareRoot()
            let spot = Geodesy.destination(from: RaceSamples.origin, metres: radius, bearing: Double.random(in: 0..<360, using: &random))
            tracker.add(Fix(coordinate: spot, timestamp: RaceSamples.start.addingTimeInterval(Double(second))))
        }
        #expect(tracker.distance == 0)
    }

    @Test("a slow walk in steps under the minimum step still adds up: the counted position stays behind")
    func slowWalkAccumulates() {
        var tracker = DistanceTracker()
        for second in 0...100 {
            tracker.add(fix(north: Double(second), at: Double(second)))  // 1 m/s, 1 m per fix
        }
        // Counted every third metre (3 m > 2.5 m): 99 m of the 100 m, the rest still pending.
        #expect(abs(tracker.distance - 99) < 1e-6)
        #expect(tracker.stationaryFixes == 67)
    }

    @Test("with a reported accuracy the minimum step is twice it, between 2.5 m and 10 m")
    func minimumStepFromAccuracy() {
        let settings = NoiseFilterSettings.standard
        #expect(settings.minimumStep(accuracy: nil) == 2.5)
        #expect(settings.minimumStep(accuracy: 0.5) == 2.5)
        #expect(settings.minimumStep(accuracy: 3) == 6)
        #expect(settings.minimumStep(accuracy: 20) == 10)
    }

    @Test("a step faster than 20 m/s is dropped; the next good fix counts from the last counted one")
    func impossibleSpeed() {
        var tracker = DistanceTracker()
        tracker.add(fix(at: 0))
        tracker.add(fix(north: 5, at: 1))
        #expect(tracker.add(fix(north: 5, east: 60, at: 2)) == .rejected(.impossibleSpeed))  // 60 m in 1 s
        expectAdded(tracker.add(fix(north: 10, at: 3)), 5)
        #expect(abs(tracker.distance - 10) < 1e-6)
        #expect(tracker.rejections == [.impossibleSpeed: 1])
    }

    @Test("20 m/s exactly is still possible (riding)")
    func fastestPossible() {
        var tracker = DistanceTracker()
        tracker.add(fix(at: 0))
        expectAdded(tracker.add(fix(north: 19.999, at: 1)), 19.999)
    }

    @Test("a zero-time step that moved more than the minimum step is infinitely fast; within it, it is jitter")
    func zeroTimeSteps() {
        var tracker = DistanceTracker()
        tracker.add(fix(at: 5))
        #expect(tracker.add(fix(north: 30, at: 5)) == .rejected(.impossibleSpeed))
        #expect(tracker.add(fix(north: 1, at: 5)) == .accepted(addedMetres: 0))
        #expect(tracker.distance == 0)
    }

    @Test("negative time steps are dropped and counted, whatever the distance")
    func negativeTimeSteps() {
        var tracker = DistanceTracker()
        tracker.add(fix(at: 10))
        #expect(tracker.add(fix(north: 1, at: 9.999)) == .rejected(.timeWentBackwards))
        #expect(tracker.add(fix(north: 1_000, at: -100)) == .rejected(.timeWentBackwards))
        #expect(tracker.rejections == [.timeWentBackwards: 2])
    }

    @Test("unfiltered settings count every valid fix in time order point to point")
    func unfiltered() {
        var tracker = DistanceTracker(settings: .unfiltered)
        tracker.add(fix(at: 0, accuracy: 500))
        tracker.add(fix(north: 1, at: 0))
        tracker.add(fix(north: 2_001, at: 1))
        #expect(abs(tracker.distance - 2_001) < 1e-6)
        #expect(tracker.rejectedCount == 0)
    }
}
