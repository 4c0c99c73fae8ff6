import Domain
import Foundation
import MateRunnerTesting
import Testing

/// Distance, standings and winner computed from hand-made tracks, the way a peer computes them:
/// fixes through `DistanceTracker`, the goal crossing interpolated, progress ranked by `ResolveRace`.
@Suite("Standings from tracks")
struct TrackStandingsTests {
    /// One runner's progress after a whole track, as its authority would report it.
    private func progress(of runner: Runner, track: [Fix], terms: RaceTerms = RaceSamples.race100m) -> RunnerProgress {
        var tracker = DistanceTracker()
        var result = RaceSamples.progress(runner, terms: terms)
        var last: (distance: Double, time: TimeInterval) = (0, 0)
        for fix in track {
            guard case .accepted = tracker.add(fix) else { continue }
            let step = (distance: tracker.distance, time: fix.timestamp.timeIntervalSince(RaceSamples.start))
            result.distance = step.distance
            result.elapsed = step.time
            if step.distance >= terms.goal.metres {
                result.phase = .finished
                result.finishTime = DistanceTracker.crossingTime(goal: terms.goal.metres, from: last, to: step)
                break
            }
            last = step
        }
        return result.quantized()
    }

    @Test("three straight runs: the fastest wins, finish times are goal / speed")
    func threeStraightRuns() throws {
        let ana = RaceSamples.runner(3, "ana")
        let bor = RaceSamples.runner(1, "bor")
        let cvet = RaceSamples.runner(2, "cvet")
        let progress = [
            progress(of: ana, track: ScriptedLocationRepository.straightRun(beginning: RaceSamples.start, speed: 5, count: 40)),
            progress(of: bor, track: ScriptedLocationRepository.straightRun(beginning: RaceSamples.start, speed: 4, count: 40)),
            progress(of: cvet, track: ScriptedLocationRepository.straightRun(beginning: RaceSamples.start, speed: 4.5, count: 40)),
        ]
        let standings = ResolveRace.standings(of: progress, terms: RaceSamples.race100m)
        #expect(standings.standings.map(\.runner.name) == ["ana", "cvet", "bor"])
        #expect(standings.isComplete)
        let winner = try #require(standings.winner)
        #expect(winner.runner == ana)
        let finishTimes = standings.standings.map { $0.finishTime ?? -1 }
        for (finish, expected) in zip(finishTimes, [20.0, 100 / 4.5, 25.0]) {
            #expect(abs(finish - expected) <= 0.001)
        }
        for standing in standings.standings {
            #expect(standing.distance >= 100 && standing.distance < 105.01)
        }
    }

    @Test("a runner whose track stops short is ranked after the finishers, by distance")
    func trackThatStopsShort() {
        let ana = RaceSamples.runner(1, "ana")
        let bor = RaceSamples.runner(2, "bor")
        let cvet = RaceSamples.runner(3, "cvet")
        let progress = [
            progress(of: ana, track: ScriptedLocationRepository.straightRun(beginning: RaceSamples.start, speed: 3, count: 10)),
            progress(of: bor, track: ScriptedLocationRepository.straightRun(beginning: RaceSamples.start, speed: 2, count: 60)),
            progress(of: cvet, track: ScriptedLocationRepository.straightRun(beginning: RaceSamples.start, speed: 4, count: 10)),
        ]
        let standings = ResolveRace.standings(of: progress, terms: RaceSamples.race100m)
        #expect(standings.standings.map(\.runner.name) == ["bor", "cvet", "ana"])
        #expect(standings.winner?.runner == bor)
        #expect(!standings.isComplete)
        #expect(abs(standings.standings[1].distance - 36) < 0.01)
        #expect(abs(standings.standings[2].distance - 27) < 0.01)
        #expect(standings.standings[1].phase == .running)
    }

    @Test("a hand-made zig-zag with a bad fix and a step back in time counts only the good legs")
    func handMadeTrack() {
        let metresPerDegree = Geodesy.earthRadius * .pi / 180
        func at(_ latitude: Double, _ seconds: TimeInterval) -> Fix {
            Fix(coordinate: Coordinate(latitude: latitude, longitude: 14.5), timestamp: RaceSamples.start.addingTimeInterval(seconds))
        }
        // 0.0004° north (≈44.5 m), a NaN fix, back 0.0002° (≈22.2 m), a fix from the past, then north 0.0004°.
        let track = [
            at(46.0000, 0), at(46.0004, 10),
            Fix(coordinate: Coordinate(latitude: .nan, longitude: 14.5), timestamp: RaceSamples.start.addingTimeInterval(12)),
            at(46.0002, 15), at(47, 14), at(46.0006, 25),
        ]
        var tracker = DistanceTracker()
        for fix in track { tracker.add(fix) }
        #expect(abs(tracker.distance - 0.001 * metresPerDegree) < 1e-6)
        #expect(tracker.rejections == [.invalidCoordinate: 1, .timeWentBackwards: 1])

        let runner = RaceSamples.runner(7, "zig")
        let result = progress(of: runner, track: track)
        #expect(result.phase == .finished)
        // 100 m is reached on the last leg: 66.7 m done at 15 s, 44.5 m more over 10 s.
        let expected = 15 + (100 - 0.0006 * metresPerDegree) / (0.0004 * metresPerDegree) * 10
        #expect(abs((result.finishTime ?? 0) - expected) < 0.001)
    }

    @Test("in a 5 km race the runner at 3.5 m/s beats the runner at 3.4 m/s by about 42 s")
    func fiveKilometres() throws {
        let terms = RaceTerms(mode: .race, goal: .standard)
        let fast = RaceSamples.runner(2, "fast")
        let slow = RaceSamples.runner(1, "slow")
        let progress = [
            progress(of: slow, track: ScriptedLocationRepository.straightRun(beginning: RaceSamples.start, speed: 3.4, count: 1_500), terms: terms),
            progress(of: fast, track: ScriptedLocationRepository.straightRun(beginning: RaceSamples.start, speed: 3.5, count: 1_500), terms: terms),
        ]
        let standings = ResolveRace.standings(of: progress, terms: terms)
        #expect(standings.winner?.runner == fast)
        let times = standings.standings.compactMap(\.finishTime)
        #expect(times.count == 2)
        #expect(abs(times[0] - 5_000 / 3.5) < 0.01)
        #expect(abs(times[1] - 5_000 / 3.4) < 0.01)
    }
}
