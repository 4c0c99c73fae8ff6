@testable import Application
import Domain
import MateRunnerTesting
import Presentation
import Synchronization
import Testing

/// The order of degradation under overload: display first, then our updates; back one step at a time.
@Suite("OverloadGovernor: display rate first, then update rate")
struct OverloadGovernorTests {
    /// Feeds `samples` (lateness in ms) 0.2 s apart from `start`; the level after each.
    static func levels(_ governor: inout OverloadGovernor, _ samples: [Double], from start: Double = 0) -> [OverloadGovernor.Level] {
        samples.enumerated().map { index, late in
            _ = governor.observe(late: late / 1000, at: start + Double(index) * 0.2)
            return governor.level
        }
    }

    @Test("a machine with time to spare (timers a millisecond late, a 10 ms hiccup) stays at the full rates")
    func calm() {
        var governor = OverloadGovernor()
        let levels = Self.levels(&governor, Array(repeating: 1, count: 50) + [10] + Array(repeating: 1, count: 20))
        #expect(levels.allSatisfy { $0 == .normal })
        #expect(OverloadGovernor.Level.normal.statusInterval == .milliseconds(80) && OverloadGovernor.Level.normal.updateInterval == 0)
    }

    @Test("lateness rising: first fewer frames with every update sent, then fewer updates; each step says so once")
    func rising() {
        var governor = OverloadGovernor()
        var changes: [OverloadGovernor.Level] = []
        for (index, late) in (Array(repeating: 30.0, count: 10) + Array(repeating: 90, count: 10) + Array(repeating: 400, count: 10)).enumerated() {
            if let level = governor.observe(late: late / 1000, at: Double(index) * 0.2) { changes.append(level) }
        }
        #expect(changes == [.display, .updates, .strained])
        #expect(OverloadGovernor.Level.display.updateInterval == 0 && OverloadGovernor.Level.display.statusInterval > .milliseconds(80))
        let levels = OverloadGovernor.Level.allCases
        #expect(zip(levels, levels.dropFirst()).allSatisfy { $0.statusInterval <= $1.statusInterval && $0.updateInterval <= $1.updateInterval })
    }

    @Test("once calm: one step down per 3 s of calm, not back to full rates at the first quiet moment; a new spike goes up again")
    func easing() {
        var governor = OverloadGovernor()
        _ = Self.levels(&governor, Array(repeating: 500, count: 10))
        #expect(governor.level == .strained)
        // A second of calm: still strained (the smoothed lateness falls, and calm must last 3 s).
        _ = Self.levels(&governor, Array(repeating: 1, count: 5), from: 2)
        #expect(governor.level == .strained)
        var changes: [OverloadGovernor.Level] = []
        for (index, late) in Array(repeating: 1.0, count: 60).enumerated() {
            if let level = governor.observe(late: late / 1000, at: 3 + Double(index) * 0.2) { changes.append(level) }
        }
        #expect(changes == [.updates, .display, .normal])
        _ = Self.levels(&governor, Array(repeating: 200, count: 5), from: 20)
        #expect(governor.level == .strained)
    }

    @Test("the smoothing follows time, not the number of samples: a second of lateness weighs the same at 20 samples as at 5")
    func smoothingByTime() {
        var often = OverloadGovernor()
        var seldom = OverloadGovernor()
        _ = often.observe(late: 0, at: 0)
        _ = seldom.observe(late: 0, at: 0)
        for index in 0..<20 { _ = often.observe(late: 0.1, at: Double(index + 1) * 0.05) }
        for index in 0..<5 { _ = seldom.observe(late: 0.1, at: Double(index + 1) * 0.2) }
        #expect(abs(often.lateness - seldom.lateness) < 1e-9)
        #expect(often.level == seldom.level)
        // Samples at the same moment (sleeps ending together) count about once, not once each.
        var together = OverloadGovernor()
        _ = together.observe(late: 0, at: 0)
        for _ in 0..<10 { _ = together.observe(late: 0.5, at: 0.2) }
        #expect(abs(together.lateness - 0.15) < 1e-9)
    }

    @Test("a sample that is not a number, or negative, moves nothing")
    func badSamples() {
        var governor = OverloadGovernor()
        #expect(governor.observe(late: .nan, at: 0) == nil)
        #expect(governor.observe(late: .infinity, at: 0.2) == nil)
        #expect(governor.observe(late: -5, at: 0.4) == nil)
        #expect(governor.level == .normal && governor.lateness == 0)
    }
}

/// What a level does to one run: the frames' interval on the binder, the pacing of each session's updates.
@Suite("OverloadResponse: a level applied to a run's frames and updates")
struct OverloadResponseTests {
    static func session(_ runner: Runner, network: InMemoryRaceNetwork, clock: ManualRaceClock) -> RaceSession {
        RaceSession(
            configuration: RaceSessionConfiguration(me: runner, terms: RaceTerms(mode: .race, goal: RaceGoal(centimetres: 100_000)), expectedMates: 1),
            location: ScriptedLocationRepository(script: [], clock: clock), sync: network.endpoint(for: runner.id), clock: clock
        )
    }

    @Test("frames first, then both runners' updates, scaled to race time; back to the binder's own interval and every update")
    func levels() {
        let clock = ManualRaceClock()
        let network = InMemoryRaceNetwork()
        let binder = FrontEndBinder(screen: RecordingScreen(), clock: clock, statusInterval: .milliseconds(100))
        let sessions = [
            Self.session(Runner(id: RunnerID(rawValue: 1), name: "ana"), network: network, clock: clock),
            Self.session(Runner(id: RunnerID(rawValue: 2), name: "bo"), network: network, clock: clock),
        ]
        let response = OverloadResponse(binder: binder, paced: sessions, speedup: 10)
        #expect(response.pacesUpdates)
        response.apply(.display)
        #expect(binder.statusInterval == .milliseconds(250))
        #expect(sessions.allSatisfy { $0.pacing.interval == 0 }, "the display goes first")
        response.apply(.strained)
        #expect(binder.statusInterval == .milliseconds(500))
        #expect(sessions.allSatisfy { $0.pacing.interval == 5 }, "0.5 s real is 5 s of race time at --speedup 10")
        response.apply(.normal)
        #expect(binder.statusInterval == .milliseconds(100))
        #expect(sessions.allSatisfy { $0.pacing.interval == 0 })
    }

    @Test("a spectator's response paces nothing, and a binder slower than a level keeps its own interval")
    func spectator() {
        let binder = FrontEndBinder(screen: RecordingScreen(), clock: ManualRaceClock(), statusInterval: .seconds(1))
        let response = OverloadResponse(binder: binder)
        #expect(!response.pacesUpdates)
        response.apply(.updates)
        #expect(binder.statusInterval == .seconds(1))
    }
}

/// The watch has no timer of its own: it reads the load from how late the race clocks' sleeps wake.
@Suite("OverloadWatch: levels from the lateness of the process's sleeps")
struct OverloadWatchTests {
    @Test("late sleeps: the level applied and logged once; after stop, nothing more")
    func fromSleeps() {
        let lateness = SleepLateness()
        let applied = Mutex<[OverloadGovernor.Level]>([])
        let log = CapturedLines()
        let watch = OverloadWatch(logger: CapturingLogHandler.logger("overload", into: log), lateness: lateness) { level in
            applied.withLock { $0.append(level) }
        }
        #expect(applied.withLock { $0 }.isEmpty)
        // The first sample weighs 0.3: 300 ms late makes 90 ms, past the threshold of fewer updates.
        lateness.report(.milliseconds(300))
        #expect(applied.withLock { $0 } == [.updates])
        #expect(log.lines.contains {
            $0.hasPrefix("info overloaded (timers ") && $0.hasSuffix("status frames every 500 ms, our updates at most 4 a second; results are not affected")
        }, "\(log.lines)")
        watch.stop()
        lateness.report(.seconds(2))
        #expect(applied.withLock { $0 } == [.updates])
        #expect(log.lines.count == 1)
    }
}
