import Domain
import Foundation
import MateRunnerTesting
import Testing

/// Calories and pace from the counted distance over time, alone and in a live run.
@Suite("Effort meter")
struct EffortMeterTests {
    @Test("a slow walk counted in 3 m steps every 3 s is walking the whole time, not bursts of running")
    func slowWalkIsWalking() {
        var tracker = DistanceTracker()
        var meter = EffortMeter()
        for fix in ScriptedLocationRepository.straightRun(beginning: RaceSamples.start, speed: 1, count: 301) {
            guard case .accepted = tracker.add(fix) else { continue }
            meter.record(time: fix.timestamp.timeIntervalSince(RaceSamples.start), distance: tracker.distance)
        }
        let effort = meter.effort(tracker: tracker)
        #expect(effort.activity == .walking)
        // 300 s of walking at 60 kg: 1.08 × 3.8 × 60 / 3600 × 300 = 20.52 kcal.
        #expect(abs(effort.kilocalories - 20.52) < 1e-6)
        #expect(abs((effort.overallPace ?? 0) - 1_000) < 1e-6)
        #expect(effort.stationaryFixes == 200)
    }

    @Test("standing still burns nothing and has no pace; going back is ignored")
    func standingStill() {
        var meter = EffortMeter(profile: .standard)
        for second in 0...600 { meter.record(time: Double(second), distance: 0) }
        meter.record(time: 500, distance: 10)
        meter.record(time: 601, distance: .nan)
        let effort = meter.effort(tracker: DistanceTracker())
        #expect(effort.kilocalories == 0)
        #expect(effort.overallPace == nil)
        #expect(effort.rollingPace == nil)
        #expect(effort.activity == .stationary)
    }

    @Test("a live run reports our calories, pace and filter counts in every snapshot")
    func liveRun() async throws {
        var harness = RaceHarness()
        let ana = RaceSamples.runner(0xA1, "ana")
        let profile = try RunnerProfile(weight: 72)
        harness.add(
            ana, speed: 5, fixes: 30, terms: RaceTerms(mode: .single, goal: RaceGoal(centimetres: 10_000)),
            expectedMates: 0, configure: { $0.profile = profile }
        )
        harness.start()
        defer { harness.cancelAll() }
        try await harness.runToEnd()
        let last = try #require(harness.recorders.first?.last)
        #expect(last.stage == .complete)
        // Running at 72 kg: 1.08 × 10 × 72 / 3600 = 0.216 kcal a second, for the 20 s to the goal, or 21 s
        // when the fix at 20 s is a hair short of 100 m in floating point (the goal is crossed at 21 s).
        let kilocalories = last.effort.kilocalories
        #expect([4.32, 4.536].contains { abs(kilocalories - $0) < 1e-6 }, "\(kilocalories) kcal")
        #expect(abs((last.effort.overallPace ?? 0) - 200) < 1e-6)
        #expect(last.effort.activity == .running)
        #expect(last.effort.rejectedFixes.isEmpty)
    }
}
