import Domain
import Foundation
import MateRunnerTesting
import Testing

/// Distance from fixes: what is accepted, what is rejected and counted, and where the goal was crossed.
@Suite("DistanceTracker")
struct DistanceTrackerTests {
    private func fix(_ latitude: Double, _ longitude: Double, at seconds: TimeInterval) -> Fix {
        Fix(coordinate: Coordinate(latitude: latitude, longitude: longitude), timestamp: RaceSamples.start.addingTimeInterval(seconds))
    }

    @Test("a single fix is accepted, adds nothing and becomes the last fix")
    func singleFix() {
        var tracker = DistanceTracker()
        let first = fix(46, 14.5, at: 0)
        #expect(tracker.add(first) == .accepted(addedMetres: 0))
        #expect(tracker.distance == 0)
        #expect(tracker.lastFix == first)
        #expect(tracker.rejections.isEmpty)
    }

    @Test("a straight run at 5 m/s for 10 s covers 50 m, 5 m per step")
    func straightRun() {
        var tracker = DistanceTracker()
        let fixes = ScriptedLocationRepository.straightRun(beginning: RaceSamples.start, speed: 5, count: 11)
        for (index, fix) in fixes.enumerated() {
            guard case .accepted(let added) = tracker.add(fix) else {
                Issue.record("fix \(index) was rejected")
                continue
            }
            #expect(abs(added - (index == 0 ? 0 : 5)) < 1e-6)
        }
        #expect(abs(tracker.distance - 50) < 1e-6)
        #expect(tracker.lastFix == fixes.last)
    }

    @Test("a hand-made out-and-back track counts both ways")
    func outAndBack() {
        var tracker = DistanceTracker()
        let metresPerDegree = Geodesy.earthRadius * .pi / 180
        tracker.add(fix(46.000, 14.5, at: 0))
        tracker.add(fix(46.001, 14.5, at: 30))
        tracker.add(fix(46.000, 14.5, at: 60))
        #expect(abs(tracker.distance - 2 * 0.001 * metresPerDegree) < 1e-6)
    }

    @Test(
        "invalid coordinates are rejected and counted, and change nothing",
        arguments: [
            (Double.nan, 14.5), (46, .nan), (.infinity, 14.5), (46, -.infinity),
            (90.000_001, 14.5), (-90.5, 14.5), (46, 180.000_1), (46, -181),
        ]
    )
    func invalidCoordinates(latitude: Double, longitude: Double) {
        var tracker = DistanceTracker()
        let first = fix(46, 14.5, at: 0)
        tracker.add(first)
        #expect(tracker.add(fix(latitude, longitude, at: 1)) == .rejected(.invalidCoordinate))
        #expect(tracker.distance == 0)
        #expect(tracker.lastFix == first)
        #expect(tracker.rejections == [.invalidCoordinate: 1])
    }

    @Test("an invalid first fix is rejected too: there is no last fix afterwards")
    func invalidFirstFix() {
        var tracker = DistanceTracker()
        #expect(tracker.add(fix(.nan, .nan, at: 0)) == .rejected(.invalidCoordinate))
        #expect(tracker.lastFix == nil)
        #expect(tracker.add(fix(46, 14.5, at: 1)) == .accepted(addedMetres: 0))
    }

    @Test("the edges of the coordinate ranges are valid")
    func rangeEdges() {
        for (latitude, longitude) in [(90.0, 180.0), (-90.0, -180.0), (0.0, 0.0)] {
            var tracker = DistanceTracker()
            #expect(tracker.add(fix(latitude, longitude, at: 0)) == .accepted(addedMetres: 0))
        }
    }

    @Test("time going backwards is rejected and counted; the track goes on from the last good fix")
    func timeGoingBackwards() {
        var tracker = DistanceTracker()
        let fixes = ScriptedLocationRepository.straightRun(beginning: RaceSamples.start, speed: 5, count: 4)
        tracker.add(fixes[0])
        tracker.add(fixes[2])
        #expect(tracker.add(fixes[1]) == .rejected(.timeWentBackwards))
        #expect(tracker.add(fix(50, 14.5, at: 1.5)) == .rejected(.timeWentBackwards))
        #expect(tracker.rejections == [.timeWentBackwards: 2])
        #expect(tracker.lastFix == fixes[2])
        #expect(abs(tracker.distance - 10) < 1e-6)
        guard case .accepted(let added) = tracker.add(fixes[3]) else {
            Issue.record("the next good fix was rejected")
            return
        }
        #expect(abs(added - 5) < 1e-6)
        #expect(abs(tracker.distance - 15) < 1e-6)
    }

    @Test("rejections are counted per reason")
    func rejectionCounts() {
        var tracker = DistanceTracker()
        tracker.add(fix(46, 14.5, at: 10))
        tracker.add(fix(.nan, 14.5, at: 11))
        tracker.add(fix(46, 14.5, at: 9))
        tracker.add(fix(46, 200, at: 12))
        #expect(tracker.rejections == [.invalidCoordinate: 2, .timeWentBackwards: 1])
        #expect(DistanceTracker.Rejection.allCases.map(\.rawValue) == [
            "invalid-coordinate", "time-went-backwards", "invalid-time", "no-fix", "poor-accuracy",
            "impossible-speed", "impossible-jump",
        ])
    }

    @Test("a zero-time step at the same place is accepted and adds nothing")
    func zeroTimeStep() {
        var tracker = DistanceTracker()
        tracker.add(fix(46, 14.5, at: 3))
        #expect(tracker.add(fix(46, 14.5, at: 3)) == .accepted(addedMetres: 0))
        #expect(tracker.distance == 0)
        #expect(tracker.rejections.isEmpty)
    }

    // MARK: Crossing time

    @Test("the crossing time is interpolated linearly between the two fixes")
    func crossingInterpolates() {
        #expect(abs(DistanceTracker.crossingTime(goal: 100, from: (90, 18), to: (105, 21)) - 20) < 1e-9)
        #expect(DistanceTracker.crossingTime(goal: 100, from: (95, 19), to: (100, 20)) == 20)
        #expect(abs(DistanceTracker.crossingTime(goal: 5_000, from: (4_996, 1_199), to: (5_004, 1_201)) - 1_200) < 1e-9)
    }

    @Test("a goal reached exactly at the earlier fix gives that fix's time")
    func crossingAtPrevious() {
        #expect(DistanceTracker.crossingTime(goal: 90, from: (90, 18), to: (105, 21)) == 18)
    }

    @Test("the fraction is clamped to the step")
    func crossingClamped() {
        #expect(DistanceTracker.crossingTime(goal: 50, from: (90, 18), to: (105, 21)) == 18)
        #expect(DistanceTracker.crossingTime(goal: 200, from: (90, 18), to: (105, 21)) == 21)
    }

    @Test("a step with no distance or no time gives the later fix's time (no division by zero)")
    func crossingDegenerate() {
        #expect(DistanceTracker.crossingTime(goal: 100, from: (100, 18), to: (100, 21)) == 21)
        #expect(DistanceTracker.crossingTime(goal: 100, from: (95, 21), to: (105, 21)) == 21)
        #expect(DistanceTracker.crossingTime(goal: 100, from: (95, 22), to: (105, 21)) == 21)
        #expect(DistanceTracker.crossingTime(goal: 100, from: (0, 0), to: (105, 0)) == 0)
    }
}

@Suite("DistanceTracker: what a dropped fix leaves to say")
struct DistanceTrackerDroppedTests {
    @Test("a fix dropped for its accuracy keeps that accuracy, and the effort carries it with the filter's limit")
    func lastPoorAccuracy() {
        var tracker = DistanceTracker()
        let at = RaceSamples.start
        #expect(tracker.add(Fix(coordinate: Coordinate(latitude: 46, longitude: 14.5), timestamp: at, horizontalAccuracy: 23)) == .rejected(.poorAccuracy))
        #expect(tracker.add(Fix(coordinate: Coordinate(latitude: 46, longitude: 14.5), timestamp: at.addingTimeInterval(1), horizontalAccuracy: 31)) == .rejected(.poorAccuracy))
        #expect(tracker.add(Fix(coordinate: Coordinate(latitude: 46, longitude: 14.5), timestamp: at.addingTimeInterval(2), horizontalAccuracy: 4)) == .accepted(addedMetres: 0))
        #expect(tracker.lastPoorAccuracy == 31)
        let effort = EffortMeter().effort(tracker: tracker)
        #expect(effort.rejectedFixes == [.poorAccuracy: 2])
        #expect(effort.lastPoorAccuracy == 31)
        #expect(effort.noiseFilter.maximumAccuracy == 20)
        #expect(DistanceTracker(settings: NoiseFilterSettings(maximumAccuracy: 35)).settings.maximumAccuracy == 35)
    }
}
