import Domain
import Foundation
import MateRunnerTesting
import Testing

/// The noise filter's segment and jump rules: long gaps start a new segment, long jumps are dropped,
/// and the filter never locks out after a wild fix.
@Suite("Noise filter: segments and jumps")
struct NoiseFilterSegmentTests {
    /// A fix `north` metres north of the sample origin, `seconds` after start.
    private func fix(north: Double = 0, at seconds: TimeInterval) -> Fix {
        Fix(
            coordinate: Geodesy.destination(from: RaceSamples.origin, metres: north, bearing: 0),
            timestamp: RaceSamples.start.addingTimeInterval(seconds)
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

    @Test("a single step longer than 500 m is dropped even after a long time")
    func impossibleJump() {
        var tracker = DistanceTracker()
        tracker.add(fix(at: 0))
        #expect(tracker.add(fix(north: 600, at: 200)) == .rejected(.impossibleJump))  // 3 m/s, but 600 m at once
        #expect(tracker.rejections == [.impossibleJump: 1])
        #expect(tracker.distance == 0)
    }

    @Test("a fix marked startsSegment starts a new segment at once: the break adds nothing")
    func markedSegmentStart() {
        var tracker = DistanceTracker()
        tracker.add(fix(at: 0))
        expectAdded(tracker.add(fix(north: 10, at: 5)), 10)
        var jumped = fix(north: 200, at: 10)
        jumped.startsSegment = true
        #expect(tracker.add(jumped) == .accepted(addedMetres: 0))
        #expect(tracker.segments == 2)
        expectAdded(tracker.add(fix(north: 210, at: 15)), 10)
        #expect(abs(tracker.distance - 20) < 1e-6)
    }

    @Test("after more than 300 s without a usable fix a new segment starts: the gap adds nothing")
    func longGapStartsSegment() {
        var tracker = DistanceTracker()
        tracker.add(fix(at: 0))
        tracker.add(fix(north: 10, at: 5))
        #expect(tracker.segments == 1)
        #expect(tracker.add(fix(north: 400, at: 306)) == .accepted(addedMetres: 0))
        #expect(tracker.segments == 2)
        expectAdded(tracker.add(fix(north: 410, at: 308)), 10)
        #expect(abs(tracker.distance - 20) < 1e-6)
    }

    @Test("300 s exactly is not yet a gap")
    func gapEdge() {
        var tracker = DistanceTracker()
        tracker.add(fix(at: 0))
        tracker.add(fix(north: 100, at: 300))
        #expect(tracker.segments == 1)
        #expect(abs(tracker.distance - 100) < 1e-6)
    }

    @Test("a filter never locks out: after a wild fix, fixes keep being dropped only until the gap passes")
    func noLockOut() {
        var tracker = DistanceTracker()
        tracker.add(fix(at: 0))
        // The runner reappears 2 km away (a receiver restart): impossible at first, a new segment after 300 s.
        for second in stride(from: 10, through: 300, by: 10) {
            #expect(tracker.add(fix(north: 2_000, at: Double(second))) == .rejected(.impossibleJump))
        }
        #expect(tracker.add(fix(north: 2_000, at: 301)) == .accepted(addedMetres: 0))
        #expect(tracker.segments == 2)
        #expect(tracker.distance == 0)
    }
}
