import MateRunnerTesting
import Foundation
import Testing

/// `MATERUNNER_EXECUTOR` (docs/CONFIG.md): by default every task of the process and its sockets run on one
/// SwiftNIO event loop; `pool` keeps Swift's thread pool. Both race each other to one result.
@Suite("End to end: the process's executor")
struct ExecutorChoiceEndToEndTests {
    @Test("a runner on the event loop and one on Swift's pool race to the same result; each says at debug level what runs its tasks")
    func loopAndPool() async throws {
        let binary = try BuildProducts.materunner()
        let (portA, portB) = (try freeUDPPort(), try freeUDPPort())
        let common = ["--goal", "0.3", "--speedup", "20", "--frontend", "json", "--wait", "30", "--log-level", "debug"]
        let alice = try ProcessRun.Handle(binary, ["run", "--name", "alice", "--port", "\(portA)",
            "--peer", "127.0.0.1:\(portB)", "--pace", "4:00", "--seed", "1"] + common)
        let bob = try ProcessRun.Handle(binary, ["run", "--name", "bob", "--port", "\(portB)",
            "--peer", "127.0.0.1:\(portA)", "--pace", "6:30", "--seed", "2"] + common,
            environment: ["MATERUNNER_EXECUTOR": "pool"])
        let runs = [await alice.wait(timeout: 90), await bob.wait(timeout: 90)]
        for run in runs {
            #expect(!run.timedOut && run.status == 0, "exit \(run.status): \(run.stderr)")
        }
        // The default installed the loop (the Swift runtime had SwiftNIO's hook); the variable kept the pool.
        #expect(runs[0].stderr.contains("tasks run on one SwiftNIO event loop, with the sockets"), "\(runs[0].stderr.prefix(2000))")
        #expect(runs[1].stderr.contains("tasks run on Swift's thread pool (MATERUNNER_EXECUTOR=pool or no hook)"), "\(runs[1].stderr.prefix(2000))")
        let results = try runs.map { try RaceResult(lines: try $0.jsonLines()) }
        // The paces far apart (1.8 s of real time at 20x): a loaded machine that slows one process does not
        // turn the order round, whatever runs its tasks.
        #expect(results[0] == results[1])
        #expect(results[0].entries.map(\.name) == ["alice", "bob"])
        #expect(results[0].entries.allSatisfy { $0.state == "finished" })
    }

    @Test("an unknown MATERUNNER_EXECUTOR ends with exit 78 and says which values it takes")
    func unknownValue() async throws {
        let binary = try BuildProducts.materunner()
        let run = await (try ProcessRun.Handle(binary, ["demo"], environment: ["MATERUNNER_EXECUTOR": "fibers"])).wait(timeout: 30)
        #expect(run.status == 78)
        #expect(run.stderr == "materunner: error: MATERUNNER_EXECUTOR=fibers names no executor: set it to loop or pool, or unset it\n", "\(run.stderr)")
    }
}
