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

    @Test("a filter never locks out: after a wild fix, the second fix at the new place starts a new segment there (a gpsd jump froze the distance)")
    func noLockOut() {
        var tracker = DistanceTracker()
        tracker.add(fix(at: 0))
        // The runner reappears 2 km away (a receiver restart): the first fix there is dropped, the next
        // one, plausible from it, starts a new segment; the jump adds nothing.
        #expect(tracker.add(fix(north: 2_000, at: 10)) == .rejected(.impossibleJump))
        #expect(tracker.add(fix(north: 2_000, at: 20)) == .accepted(addedMetres: 0))
        #expect(tracker.segments == 2)
        #expect(tracker.distance == 0)
        expectAdded(tracker.add(fix(north: 2_030, at: 30)), 30)
    }

    @Test("one 50 km gpsd fix in a track: dropped alone, the track from the original place counts on")
    func oneFarOutlier() {
        var tracker = DistanceTracker()
        for second in 0...10 { tracker.add(fix(north: Double(second) * 3, at: Double(second))) }
        #expect(tracker.add(fix(north: 50_000, at: 11)) == .rejected(.impossibleJump))
        for second in 12...30 { expectAdded(tracker.add(fix(north: Double(second) * 3, at: Double(second))), second == 12 ? 6 : 3) }
        #expect(abs(tracker.distance - 90) < 1e-6)
        #expect(tracker.segments == 1)
        #expect(tracker.rejections == [.impossibleJump: 1])
    }

    @Test("a 50 km jump where the runner really is afterwards: a new segment at the new place, the run counts on from there, the jump adds nothing")
    func realJump() {
        var tracker = DistanceTracker()
        for second in 0...10 { tracker.add(fix(north: Double(second) * 3, at: Double(second))) }
        #expect(tracker.add(fix(north: 50_000, at: 11)) == .rejected(.impossibleJump))
        #expect(tracker.add(fix(north: 50_003, at: 12)) == .accepted(addedMetres: 0))
        for second in 13...30 { expectAdded(tracker.add(fix(north: 50_003 + Double(second - 12) * 3, at: Double(second))), 3) }
        #expect(abs(tracker.distance - (30 + 54)) < 1e-6)
        #expect(tracker.segments == 2)
    }
}
