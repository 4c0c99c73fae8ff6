import Data
import Domain
import Foundation
import MateRunnerTesting
import Synchronization
import Testing

/// The simulator on a manual clock: deterministic per seed, at the given pace, one fix per interval.
@Suite("SimulatedLocationRepository")
struct SimulatedLocationRepositoryTests {
    /// Fixes received so far.
    final class FixLog: Sendable {
        private let fixes = Mutex<[Fix]>([])
        var all: [Fix] { fixes.withLock { $0 } }
        var count: Int { fixes.withLock { $0.count } }
        func append(_ fix: Fix) { fixes.withLock { $0.append(fix) } }
    }

    /// A running simulation: its clock, what it produced, and the task consuming it.
    struct Run {
        let clock: ManualRaceClock
        let log: FixLog
        let task: Task<Void, Never>

        init(_ profile: SimulatedLocationRepository.Profile) {
            let clock = ManualRaceClock()
            let log = FixLog()
            let fixes = SimulatedLocationRepository(profile: profile, clock: clock).fixes()
            self.clock = clock
            self.log = log
            task = Task {
                do {
                    for try await fix in fixes { log.append(fix) }
                } catch {
                    Issue.record("the simulator failed: \(error)")
                }
            }
        }

        /// Waits until the simulator sleeps on the clock for its next fix.
        func waitForSleep() async throws {
            try await waitUntil("the simulator to sleep on the clock") { clock.sleeperCount >= 1 }
        }

        /// Advances one interval at a time until `count` fixes exist, checking each step gives one fix.
        func collect(_ count: Int, interval: TimeInterval) async throws -> [Fix] {
            try await waitUntil("the first fix") { log.count >= 1 }
            while log.count < count {
                try await waitForSleep()
                let before = log.count
                clock.advance(by: interval)
                try await waitUntil("fix \(before + 1)") { log.count >= before + 1 }
                try await waitForSleep()
                #expect(log.count == before + 1, "one interval gave \(log.count - before) fixes")
            }
            task.cancel()
            return log.all
        }
    }

    func fixes(_ profile: SimulatedLocationRepository.Profile, count: Int) async throws -> [Fix] {
        let run = Run(profile)
        defer { run.task.cancel() }
        return try await run.collect(count, interval: profile.interval)
    }

    @Test("the first fix is at the start, at once; then one fix per interval, on the clock")
    func onePerInterval() async throws {
        let profile = SimulatedLocationRepository.Profile(paceSecondsPerKilometre: 300, interval: 2, seed: 5)
        let fixes = try await fixes(profile, count: 11)
        let start = ManualRaceClock().now
        #expect(fixes.count == 11)
        #expect(fixes[0].coordinate == profile.start)
        #expect(fixes.map(\.timestamp) == (0..<11).map { start.addingTimeInterval(Double($0) * 2) })
    }

    @Test("advancing several intervals at once gives one fix for each, with its own timestamp")
    func catchesUp() async throws {
        let run = Run(SimulatedLocationRepository.Profile(paceSecondsPerKilometre: 300, interval: 1, seed: 5))
        defer { run.task.cancel() }
        try await waitUntil("the first fix") { run.log.count == 1 }
        try await run.waitForSleep()
        run.clock.advance(by: 3.5)
        try await waitUntil("three more fixes") { run.log.count >= 4 }
        try await run.waitForSleep()
        #expect(run.log.count == 4)
        let start = run.log.all[0].timestamp
        #expect(run.log.all.map { $0.timestamp.timeIntervalSince(start) } == [0, 1, 2, 3])
    }

    @Test("from the race's start: a reader 2.4 s late gets the fixes of 0, 1 and 2 s at once, as one on time does")
    func startsAtTheRaceStart() async throws {
        let profile = SimulatedLocationRepository.Profile(paceSecondsPerKilometre: 300, interval: 1, seed: 9)
        let onTime = try await fixes(profile, count: 4)
        let clock = ManualRaceClock()
        let raceStart = clock.now
        clock.advance(by: 2.4)
        let log = FixLog()
        let task = Task {
            let fixes = SimulatedLocationRepository(profile: profile, clock: clock).fixes(from: raceStart)
            for try await fix in fixes { log.append(fix) }
        }
        defer { task.cancel() }
        try await waitUntil("the three fixes already due") { log.count >= 3 }
        try await waitUntil("the simulator to sleep on the clock") { clock.sleeperCount >= 1 }
        #expect(log.count == 3)
        clock.advance(by: 0.6)
        try await waitUntil("the fourth fix") { log.count >= 4 }
        #expect(log.all == onTime)
    }

    @Test("a race start still to come, or none, starts the runner now")
    func startNotInThePast() async throws {
        let profile = SimulatedLocationRepository.Profile(paceSecondsPerKilometre: 300, interval: 1, seed: 9)
        let clock = ManualRaceClock()
        for raceStart in [clock.now.addingTimeInterval(30), nil] {
            let simulator = SimulatedLocationRepository(profile: profile, clock: clock)
            var fixes = simulator.fixes(from: raceStart).makeAsyncIterator()
            #expect(try await fixes.next()?.timestamp == clock.now)
        }
    }

    @Test("the same seed gives the same run")
    func sameSeed() async throws {
        let profile = SimulatedLocationRepository.Profile(paceSecondsPerKilometre: 330, seed: 1234)
        let first = try await fixes(profile, count: 30)
        let second = try await fixes(profile, count: 30)
        #expect(first == second)
    }

    @Test("a different seed gives a different run")
    func differentSeed() async throws {
        let first = try await fixes(.init(paceSecondsPerKilometre: 330, seed: 1), count: 10)
        let second = try await fixes(.init(paceSecondsPerKilometre: 330, seed: 2), count: 10)
        #expect(first[0] == second[0])
        #expect(first[1...].map(\.coordinate) != second[1...].map(\.coordinate))
        #expect(zip(first.dropFirst(), second.dropFirst()).allSatisfy { $0.coordinate != $1.coordinate })
    }

    @Test("the speed matches the pace within ±10 %", arguments: [240.0, 300.0, 420.0, 600.0])
    func speedMatchesPace(pace: Double) async throws {
        let profile = SimulatedLocationRepository.Profile(paceSecondsPerKilometre: pace, seed: 99)
        let fixes = try await fixes(profile, count: 61)
        let expected = 1_000 / pace
        for (a, b) in zip(fixes, fixes.dropFirst()) {
            let speed = Geodesy.distance(from: a.coordinate, to: b.coordinate) / b.timestamp.timeIntervalSince(a.timestamp)
            #expect(abs(speed - expected) <= 0.1 * expected, "step speed \(speed) m/s for pace \(pace) s/km")
        }
        let path = Geodesy.pathLength(fixes.map(\.coordinate))
        #expect(abs(path / 60 - expected) <= 0.02 * expected)
        #expect(fixes.allSatisfy { $0.coordinate.isValid })
    }

    @Test("without speed variation every step is exactly pace-long")
    func noVariation() async throws {
        let profile = SimulatedLocationRepository.Profile(paceSecondsPerKilometre: 250, interval: 5, speedVariation: 0, seed: 3)
        let fixes = try await fixes(profile, count: 6)
        for (a, b) in zip(fixes, fixes.dropFirst()) {
            #expect(abs(Geodesy.distance(from: a.coordinate, to: b.coordinate) - 20) < 1e-6)
        }
    }
}
