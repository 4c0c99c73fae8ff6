import Domain
import Foundation
import MateRunnerTesting
import Testing

/// A race with a ghost: alice announces it; alice and bob both show it with the same progress, rank
/// it on screen, and end with the same result.
@Suite("Ghost race sessions")
struct GhostRaceSessionTests {
    private let alice = Runner(id: RunnerID(rawValue: 0xA1), name: "alice")
    private let bob = Runner(id: RunnerID(rawValue: 0xB2), name: "bob")
    /// Longer than the runs: the harness may move its clock on before a session on a loaded machine
    /// caught up, which would show a mate lost and decide a result (not what these tests are about).
    static let lostAfter: TimeInterval = 120

    private func ghostTrack(speed: Double) throws -> GhostTrack {
        try GhostTrack.sampling((0...200).map { (Double($0), Double($0) * speed) }, name: "alice's best")
    }

    private func race(ghostSpeed: Double) async throws -> (alice: SessionRecorder, bob: SessionRecorder) {
        var harness = RaceHarness()
        let track = try ghostTrack(speed: ghostSpeed)
        harness.add(alice, speed: 4, fixes: 60, expectedMates: 1) { $0.ghost = track; $0.lostAfter = Self.lostAfter }
        harness.add(bob, speed: 3, fixes: 60, expectedMates: 1) { $0.lostAfter = Self.lostAfter }
        harness.start()
        defer { harness.cancelAll() }
        try await harness.runToEnd(maxSeconds: 300)
        return (harness.recorders[0], harness.recorders[1])
    }

    @Test("both peers show the ghost, marked, with the same progress at the same instant, and the same result")
    func everyPeerSeesTheSameGhost() async throws {
        let (a, b) = try await race(ghostSpeed: 5)
        let ghostID = RunnerID.ghost(of: alice.id)
        for recorder in [a, b] {
            let last = try #require(recorder.last)
            #expect(last.stage == .complete)
            let names = last.standings.standings.map(\.runner.name)
            #expect(names == ["alice's best", "alice", "bob"], "\(recorder.name): \(names)")
            let ghost = try #require(last.standings.standing(of: ghostID))
            #expect(ghost.runner.isGhost)
            #expect(ghost.rank == 1)
            #expect(ghost.finishTime == 20)
        }
        // The same instant (elapsed since the common start) gives the same ghost distance on both.
        func ghostLine(_ recorder: SessionRecorder) -> [Double: Double] {
            recorder.snapshots.reduce(into: [:]) { lines, snapshot in
                if let ghost = snapshot.standings.standing(of: ghostID), ghost.phase == .running { lines[ghost.elapsed] = ghost.distance }
            }
        }
        let (lineA, lineB) = (ghostLine(a), ghostLine(b))
        let common = Set(lineA.keys).intersection(lineB.keys)
        #expect(common.count >= 10)
        for elapsed in common { #expect(lineA[elapsed] == lineB[elapsed]) }
        #expect(a.last?.standings.standings.map(\.runner.id) == b.last?.standings.standings.map(\.runner.id))
        #expect(a.last?.standings.standings.map(\.finishTime) == b.last?.standings.standings.map(\.finishTime))
    }

    @Test("a slower ghost does not keep the race waiting: when the runners are done its recorded time stands")
    func slowGhostDoesNotHoldTheRace() async throws {
        let (a, b) = try await race(ghostSpeed: 2)
        let ghostID = RunnerID.ghost(of: alice.id)
        for recorder in [a, b] {
            let last = try #require(recorder.last)
            #expect(last.stage == .complete)
            let ghost = try #require(last.standings.standing(of: ghostID))
            #expect(ghost.rank == 3)
            #expect(ghost.finishTime == 50)
            #expect(ghost.phase == .finished)
        }
    }

    @Test("a ghost never counts as a mate: a runner alone with a ghost starts at once and races it")
    func aloneWithAGhost() async throws {
        var harness = RaceHarness()
        let track = try ghostTrack(speed: 3)
        harness.add(alice, speed: 4, fixes: 60, terms: RaceTerms(mode: .single, goal: RaceGoal(centimetres: 10_000)), expectedMates: 0) {
            $0.ghost = track
        }
        harness.start()
        defer { harness.cancelAll() }
        try await harness.runToEnd(maxSeconds: 120)
        let last = try #require(harness.recorders[0].last)
        #expect(last.standings.standings.map(\.runner.name) == ["alice", "alice's best"])
        #expect(last.standings.standings.map(\.rank) == [1, 2])
    }

    @Test("bob's peer is killed mid-race and restarts: it gets the ghost again and ends with alice's very result")
    func restartedPeerAgrees() async throws {
        var harness = RaceHarness()
        let track = try ghostTrack(speed: 3.5)
        harness.add(alice, speed: 4, fixes: 60, expectedMates: 1) { $0.ghost = track; $0.lostAfter = Self.lostAfter }
        harness.add(bob, speed: 3, fixes: 60, expectedMates: 1) { $0.lostAfter = Self.lostAfter }
        harness.start()
        defer { harness.cancelAll() }
        try await waitUntil("both sessions to start running") {
            harness.recorders.allSatisfy { $0.snapshots.contains { $0.stage == .running } }
        }
        await harness.advance(seconds: 8)
        await harness.settle()
        harness.tasks[1].cancel()
        await harness.advance(seconds: 2)
        harness.addRestarted(bob, speed: 3, fixes: 60, expectedMates: 1)
        harness.start()
        try await harness.runToEnd()
        let restarted = try #require(harness.recorders[2].last?.standings)
        let mate = try #require(harness.recorders[0].last?.standings)
        #expect(restarted == mate)
        #expect(mate.isComplete)
        let ghost = try #require(restarted.standing(of: .ghost(of: alice.id)))
        #expect(ghost.runner.isGhost && ghost.finishTime == 28.571, "100 m at 3.5 m/s, to the millisecond")
    }

    @Test("a team run takes no ghost")
    func noGhostInATeam() throws {
        let configuration = RaceSessionConfiguration(
            me: alice, terms: RaceTerms(mode: .team, goal: .standard), expectedMates: 1, ghost: try ghostTrack(speed: 3)
        )
        #expect(configuration.ghost == nil)
    }
}
