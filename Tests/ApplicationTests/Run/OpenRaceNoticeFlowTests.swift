@testable import Application
import Domain
import Foundation
import MateRunnerTesting
import Presentation
import Testing

/// The "open race" warning is for a race others could join: a run alone (solo, or against a ghost)
/// has nobody to keep out, and its screens (the web page's News among them) say nothing about it.
@Suite("Run flow: the open-race warning only where mates race")
struct OpenRaceNoticeFlowTests {
    let harness = FlowHarness()

    /// `name`'s side on an open (unkeyed) transport.
    private func openSide(_ name: String, id: UInt64) -> FlowHarness.Side {
        let runner = Runner(id: RunnerID(rawValue: id), name: name)
        let records = InMemoryRunRecordRepository()
        return FlowHarness.Side(
            runner: runner,
            transport: InMemoryRaceTransport(id: runner.id, races: harness.races, messages: harness.messages, isAuthenticated: false),
            screen: RecordingScreen(), records: records, recorder: RunRecorder(repository: records, runID: "run-\(name)")
        )
    }

    @Test("a run alone shows no open-race notice; a race with a mate, unkeyed, shows it on both screens")
    func onlyWithMates() async throws {
        let solo = openSide("carol", id: 0xC)
        let soloOutcome = try await harness.driven { try await harness.runFlow(solo, role: .open(mates: 0), speed: 5).run() }
        #expect(soloOutcome.isSuccess)
        #expect(!solo.screen.showedNotice(containing: "open race"), "\(solo.screen.frames.compactMap(\.message))")
        #expect(!solo.log.lines.contains { $0.contains("open race") }, "\(solo.log.lines)")

        let alice = openSide("alice", id: 0xA)
        let bob = openSide("bob", id: 0xB)
        let outcomes = try await harness.driven {
            let aliceRun = Task { try await harness.runFlow(alice, role: .open(mates: 1), speed: 5).run() }
            let bobRun = Task { try await harness.runFlow(bob, role: .open(mates: 1), speed: 4).run() }
            return try await [aliceRun.value, bobRun.value]
        }
        #expect(outcomes.allSatisfy { $0.isSuccess })
        for side in [alice, bob] {
            #expect(side.screen.showedNotice(containing: RunningViewModel.openRaceNotice), "\(side.screen.frames.compactMap(\.message))")
        }
    }
}
