import Domain
import Foundation
import MateRunnerTesting
import Testing

/// A ghost's track: sampled at fixed steps, replayed by interpolation, on the race clock.
@Suite("Ghost tracks and replay")
struct GhostTrackTests {
    private let terms = RaceTerms(mode: .race, goal: RaceGoal(centimetres: 100_000))

    @Test("a run is sampled every second: distances interpolate between its points, never decrease")
    func samplingEverySecond() throws {
        let track = try GhostTrack.sampling([(0, 0), (20, 30), (10, 40), (30, 120)], name: "  alice  ")
        #expect(track.name == "alice")
        #expect(track.stepMilliseconds == 1000)
        #expect(track.centimetres.count == 31)
        #expect(track.distance(at: 5) == 20)
        #expect(track.distance(at: 2.5) == 10)
        // 20 s reads 30 m, less than 40 m before: held, never back.
        #expect(track.distance(at: 20) == 40)
        #expect(zip(track.centimetres, track.centimetres.dropFirst()).allSatisfy { $0 <= $1 })
        #expect(track.distance(at: 1_000) == 120)
        #expect(track.distance(at: -3) == 0)
        #expect(track.finishTime(goal: 60).map { abs($0 - 70.0 / 3) < 1e-9 } == true)
        #expect(track.finishTime(goal: 121) == nil)
    }

    @Test("a long run gets a longer step, so that it fits in 2268 samples; its finish is still interpolated")
    func longRunsGetALongerStep() throws {
        let track = try GhostTrack.sampling([(0, 0), (10_000, 30_000)], name: "marathon")
        #expect(track.centimetres.count <= GhostTrack.maximumSamples)
        #expect(track.stepMilliseconds == 5000)
        #expect(abs((track.finishTime(goal: 15_000) ?? 0) - 5_000) < 1e-6)
    }

    @Test("a run without time or distance cannot be a ghost")
    func untimedRunsAreRefused() {
        #expect(throws: GhostTrack.SamplingError.untimed) { try GhostTrack.sampling([(0, 0)], name: "x") }
        #expect(throws: GhostTrack.SamplingError.untimed) { try GhostTrack.sampling([(0, 0), (0.5, 3)], name: "x") }
        #expect(throws: GhostTrack.SamplingError.noDistance) { try GhostTrack.sampling([(0, 0), (60, 0)], name: "x") }
    }

    @Test("a track off the wire that breaks a rule is refused")
    func invalidTracksAreRefused() {
        #expect(GhostTrack(name: "g", stepMilliseconds: 1000, centimetres: [0, 10, 5]) == nil)
        #expect(GhostTrack(name: "g", stepMilliseconds: 999, centimetres: [0, 10]) == nil)
        #expect(GhostTrack(name: "g", stepMilliseconds: 1000, centimetres: [0, 70_000]) == nil)
        #expect(GhostTrack(name: "", stepMilliseconds: 1000, centimetres: [0, 10]) == nil)
        #expect(GhostTrack(name: "g", stepMilliseconds: 1000, centimetres: [0]) == nil)
    }

    @Test("on the race clock: waiting before its start, running along its track, finished when it reaches the goal")
    func replayOnTheRaceClock() throws {
        let track = try GhostTrack.sampling([(0, 0), (400, 1_200)], name: "ghost")
        let start = RaceSamples.start
        let ghost = Ghost(announcedBy: RunnerID(rawValue: 0xA1), track: track, start: start)
        #expect(ghost.id == .ghost(of: RunnerID(rawValue: 0xA1)))
        #expect(ghost.runner.isGhost)
        #expect(ghost.progress(at: start.addingTimeInterval(-2), terms: terms).phase == .waiting)
        let running = ghost.progress(at: start.addingTimeInterval(100.5), terms: terms)
        #expect(running.phase == .running)
        #expect(running.distance == 301.5)
        #expect(running.elapsed == 100.5)
        let finished = ghost.progress(at: start.addingTimeInterval(400), terms: terms)
        #expect(finished.phase == .finished)
        #expect(finished.finishTime.map { abs($0 - 333.333) < 0.001 } == true)
        #expect(finished.distance == 1_000)
        // Once every real runner is done, the ghost's result is what its track says, at once.
        let early = ghost.progress(at: start.addingTimeInterval(50), terms: terms, realRunnersDone: true)
        #expect(early == finished)
        // A track short of the goal stops where it ends and leaves the ranking.
        let short = try GhostTrack.sampling([(0, 0), (100, 300)], name: "short")
        let stopped = Ghost(announcedBy: RunnerID(rawValue: 1), track: short, start: start).progress(at: start.addingTimeInterval(500), terms: terms)
        #expect(stopped.phase == .cancelled)
        #expect(stopped.distance == 300)
    }

    @Test("a ghost id is derived from its announcer, never the announcer's own, never 0")
    func ghostIDs() {
        for raw: UInt64 in [0, 1, 0xA1, .max, 0x9E37_79B9_7F4A_7C15] {
            let id = RunnerID(rawValue: raw)
            #expect(RunnerID.ghost(of: id) != id)
            #expect(RunnerID.ghost(of: id).rawValue != 0)
        }
    }
}
