@testable import Application
import Domain
import Foundation
import MateRunnerTesting
import Testing

/// `materunner demo` from its options to the demo flow (`DemoLaunch`): who races whom, at what pace,
/// on which seed and key.
@Suite("Demo launch: Alice shown and recorded against Bob, on --seed and the race key")
struct DemoLaunchTests {
    @Test("alice (shown) at 5:20 per km on --seed, bob at 5:15 on the next seed, both keyed alike, toward --goal in a race")
    func entrants() async throws {
        let harness = FlowHarness()
        let (alice, bob) = (harness.side("alice", id: 0xA), harness.side("bob", id: 0xB))
        let keys = Locked<[String?]>([])
        let paces = Locked<[(Double, UInt64)]>([])
        let transports = Locked([alice.transport, bob.transport])
        let launch = DemoLaunch<String>(options: DemoOptions(goalKilometres: 1.5, speedup: 20, seed: 7), dependencies: .init(
            environment: { harness.environment(alice) },
            openStore: { alice.records },
            raceKey: { "race key" },
            bindTransport: { key in
                keys.withLock { $0.append(key) }
                return transports.withLock { $0.removeFirst() }
            },
            location: { seconds, seed in
                paces.withLock { $0.append((seconds, seed)) }
                return ScriptedLocationRepository(script: [], clock: harness.clock)
            },
            recorder: { _ in alice.recorder }
        ))
        let flow = try await launch.flow()
        #expect(keys.value == ["race key", "race key"])
        #expect(paces.value.map(\.0) == [320, 315] && paces.value.map(\.1) == [7, 8])
        #expect(flow.shown.runner.name == "alice" && flow.other.runner.name == "bob")
        #expect((flow.shown.transport as? InMemoryRaceTransport) === alice.transport)
        let goal = try RaceGoal(kilometres: 1.5)
        #expect(flow.terms.mode == .race && flow.terms.goal == goal)
    }

    @Test("the options are checked as the command line says them")
    func optionsChecked() {
        #expect(throws: Never.self) { try DemoOptions().check() }
        #expect(throws: RunOptionsError("--speedup must be between 1 and 1000")) { try DemoOptions(speedup: 2000).check() }
        #expect { try DemoOptions(goalKilometres: -1).check() } throws: { "\($0)".hasPrefix("--goal: ") }
    }
}
