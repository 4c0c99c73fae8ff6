import Domain
import Foundation
import Testing

/// Ghosts win nothing that counts: totals and wins leave their places out.
@Suite("Ghosts in records and totals")
struct GhostTotalsTests {
    private func record(_ results: [RunnerResult], mode: RaceMode = .race) -> RunRecord {
        RunRecord(
            id: UUID().uuidString, runnerName: "alice", terms: RaceTerms(mode: mode, goal: .standard),
            startedAt: Date(timeIntervalSince1970: 1_700_000_000), distance: 5_000, duration: 1_500, status: .finished,
            results: results
        )
    }

    private func line(_ name: String, _ rank: Int, me: Bool = false, ghost: Bool = false) -> RunnerResult {
        RunnerResult(name: name, rank: rank, distance: 5_000, elapsed: 1_500, finishTime: 1_500, phase: .finished, isMe: me, isGhost: ghost)
    }

    @Test("second behind a ghost but first of the runners is a win; the ghost's first place is nobody's")
    func behindAGhostIsStillAWin() {
        let run = record([line("best", 1, ghost: true), line("alice", 2, me: true), line("bob", 3)])
        #expect(run.rank == 2)
        #expect(run.rankAmongRunners == 1)
        #expect(run.isWin)
        #expect(run.ghosts.map(\.name) == ["best"])
        let totals = RecordSummaries.lifetime([run])
        #expect(totals.wins == 1)
        #expect(totals.count == 1)
        #expect(totals.distance == 5_000)
    }

    @Test("beating only a ghost, or losing to a runner, is no win")
    func onlyAGhostBeatenIsNoWin() {
        let alone = record([line("alice", 1, me: true), line("best", 2, ghost: true)])
        let beaten = record([line("bob", 1), line("alice", 2, me: true), line("best", 3, ghost: true)])
        let single = record([line("alice", 1, me: true), line("bob", 2)], mode: .single)
        #expect(!alone.isWin)
        #expect(!beaten.isWin)
        #expect(!single.isWin)
        #expect(RecordSummaries.lifetime([alone, beaten, single]).wins == 0)
    }

    @Test("runs on one course and goal are grouped, newest first, with the fastest finished one as the best")
    func groupedByCourse() {
        let lake = CourseTerms(digest: "00112233aabbccdd", name: "lake.gpx", lengthCentimetres: 120_000)
        func run(_ id: String, at offset: TimeInterval, duration: TimeInterval, status: RunStatus, course: CourseTerms?) -> RunRecord {
            RunRecord(
                id: id, runnerName: "alice", terms: RaceTerms(mode: .race, goal: RaceGoal(centimetres: 120_000), course: course),
                startedAt: Date(timeIntervalSince1970: 1_700_000_000 + offset), distance: 1_200, duration: duration, status: status,
                results: [RunnerResult(name: "alice", rank: 1, distance: 1_200, elapsed: duration, finishTime: status == .finished ? duration : nil,
                                       phase: status == .finished ? .finished : .cancelled, isMe: true)]
            )
        }
        let groups = RecordSummaries.byCourse([
            run("a", at: 0, duration: 400, status: .finished, course: lake),
            run("b", at: 100, duration: 380, status: .finished, course: lake),
            run("c", at: 200, duration: 300, status: .cancelled, course: lake),
            run("d", at: 300, duration: 200, status: .finished, course: nil),
        ])
        #expect(groups.count == 1)
        #expect(groups[0].runs.map(\.id) == ["c", "b", "a"])
        #expect(groups[0].best?.id == "b")
    }
}
