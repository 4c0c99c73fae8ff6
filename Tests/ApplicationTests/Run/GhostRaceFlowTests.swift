@testable import Application
import Domain
import Foundation
import FrontEndKit
import MateRunnerTesting
import Testing

/// A whole open race with a ghost, through `RunFlow` in memory: the host replays one of its
/// recorded runs; both screens show it marked, with the same progress, and the same result; the
/// records keep it as a ghost and its place wins nobody anything.
@Suite("Run flow: a race with a ghost")
struct GhostRaceFlowTests {
    let harness = FlowHarness(lostAfter: 120)

    /// A past run of alice's: 200 m at 4.8 m/s, sampled every second.
    static func pastRun() -> RunRecord {
        let samples = (1...42).map { ProgressSample(runnerName: "alice", elapsed: Double($0), distance: min(200, Double($0) * 4.8), runnerID: "000000000000000a") }
        return RunRecord(
            id: "feedbeef-0000-4000-8000-000000000001", runnerName: "alice", terms: RaceTerms(mode: .single, goal: RaceGoal(centimetres: 20_000)),
            startedAt: Date(timeIntervalSince1970: 1_795_000_000), distance: 200, duration: 41.667, status: .finished,
            results: [RunnerResult(name: "alice", rank: 1, distance: 200, elapsed: 41.667, finishTime: 41.667, phase: .finished, isMe: true, runnerID: "000000000000000a")],
            samples: samples
        )
    }

    @Test("alice races bob and her own past run: both screens (and a spectator's) show the ghost marked, at the same progress, and the same result")
    func ghostOnEveryScreen() async throws {
        let alice = harness.side("alice", id: 0xA)
        let bob = harness.side("bob", id: 0xB)
        try alice.records.begin(Self.pastRun())
        let lookup = RecordLookup(records: alice.records, storeLocation: "/data")
        let ghost = try GhostLoader(course: nil, goal: RaceGoal(centimetres: 20_000)).ghost(ofRecord: "feedbeef", lookup: lookup)
        let watcher = harness.side("spectator", id: 0x5)
        let (outcomes, watched) = try await harness.driven {
            let spectator = SpectatorFlow(
                me: watcher.runner, peers: [PeerAddress(host: "127.0.0.1", port: 47474)], wait: 60,
                transport: watcher.transport, discovery: { InMemoryMateDiscovery() }, environment: harness.environment(watcher)
            )
            let watching = Task { try await spectator.run() }
            // An open race (no invitation): the runner who passes --ghost announces it.
            let bobRun = Task { try await harness.runFlow(bob, role: .open(mates: 1), speed: 4, ghost: nil).run() }
            let aliceRun = Task { try await harness.runFlow(alice, role: .open(mates: 1), speed: 5.5, ghost: ghost).run() }
            return try await ([aliceRun.value, bobRun.value], watching.value)
        }
        #expect(outcomes.allSatisfy { $0.isSuccess } && watched)
        let ghostID = RunnerID.ghost(of: alice.runner.id).description
        var lines: [[Double: Double]] = []
        for side in [alice, bob, watcher] {
            let result = try #require(side.screen.frames.last)
            #expect(result.type == .result)
            // Ranked among the runners (where depends on how the scheduler started each run; the same on both screens).
            #expect((result.runners ?? []).map(\.name).sorted() == ["alice", "alice", "bob"], "\(side.runner.name)'s ranking")
            #expect((result.runners ?? []).filter { $0.ghost == true }.map(\.name) == ["alice"])
            #expect((result.runners ?? []).compactMap(\.rank) == [1, 2, 3])
            let ghostLine = try #require(result.runners?.first { $0.id == ghostID })
            #expect(ghostLine.finishSeconds == ghost.finishTime(goal: 200), "\(String(describing: ghostLine.finishSeconds))")
            #expect(result.stage == "complete", "\(side.runner.name): \(String(describing: result.stage)) \(String(describing: result.message)) \((result.runners ?? []).map { "\($0.name) \($0.state) \($0.distanceMetres)" })")
            #expect(result.winner?.id == result.runners?.first?.id)
            // The ghost's distance at each instant of the race, as this screen showed it.
            lines.append(side.screen.frames.filter { $0.type == .status }.reduce(into: [:]) { line, frame in
                if let runner = frame.runners?.first(where: { $0.id == ghostID }), runner.state == "running" {
                    line[runner.timeSeconds] = runner.distanceMetres
                }
            })
        }
        let common = Set(lines[0].keys).intersection(lines[1].keys)
        #expect(common.count >= 5, "\(lines.map(\.count))")
        for time in common { #expect(lines[0][time] == lines[1][time], "at \(time) s") }
        #expect(alice.screen.frames.last?.runners?.map(\.finishSeconds) == bob.screen.frames.last?.runners?.map(\.finishSeconds))
        #expect(alice.screen.frames.last?.runners?.map(\.id) == bob.screen.frames.last?.runners?.map(\.id))
        #expect(watcher.screen.frames.last?.runners?.map(\.id) == bob.screen.frames.last?.runners?.map(\.id))
        #expect(watcher.screen.frames.last?.runners?.map(\.finishSeconds) == bob.screen.frames.last?.runners?.map(\.finishSeconds))
        // The records keep the ghost's line as a ghost; alice won among the runners, bob did not.
        let aliceRecord = try #require(try alice.records.allRecords().first { $0.id != Self.pastRun().id })
        let bobRecord = try #require(try bob.records.allRecords().first)
        #expect(aliceRecord.ghosts.map(\.name) == ["alice"] && bobRecord.ghosts.map(\.name) == ["alice"])
        // Exactly one of the two won among the runners, whatever the ghost's place.
        #expect(aliceRecord.isWin != bobRecord.isWin)
        #expect(Set([aliceRecord.rankAmongRunners, bobRecord.rankAmongRunners]) == [1, 2])
    }

    @Test("an ambiguous id lists the runs it starts; an unknown one says how to list them; a short run cannot race a longer goal")
    func ghostErrors() throws {
        let records = InMemoryRunRecordRepository()
        try records.begin(Self.pastRun())
        var other = Self.pastRun()
        other.id = "feedcafe-0000-4000-8000-000000000002"
        try records.begin(other)
        let lookup = RecordLookup(records: records, storeLocation: "/data")
        let loader = GhostLoader(course: nil, goal: RaceGoal(centimetres: 20_000))
        #expect { try loader.ghost(ofRecord: "feed", lookup: lookup) } throws: { error in
            "\(error)".contains("'feed' starts 2 run ids") && "\(error)".contains("feedbeef-0000") && "\(error)".contains("feedcafe-0000")
        }
        #expect(throws: FlowError.usage("no run 'abcdef' in /data: see `materunner records` for the ids")) {
            try loader.ghost(ofRecord: "abcdef", lookup: lookup)
        }
        #expect(throws: FlowError.usage("the ghost of run feedbeef covers 0.20 km, less than the goal 5.00 km: give a shorter --goal, or another run")) {
            try GhostLoader(course: nil, goal: .standard).ghost(ofRecord: "feedbeef", lookup: lookup)
        }
        #expect(throws: FlowError.self) {
            try loader.ghost(ofTrack: [(Coordinate(latitude: 46, longitude: 14), nil), (Coordinate(latitude: 46.01, longitude: 14), nil)], name: "plan", file: "plan.gpx")
        }
    }
}
