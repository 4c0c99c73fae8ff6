import MateRunnerTesting
import Foundation
import Testing

/// `MATERUNNER_EXECUTOR` (docs/CONFIG.md): by default every task of the process and its sockets run on one
/// SwiftNIO event loop; `pool` keeps Swift's thread pool. Both race each other to one result.
@Suite("End to end: the process's executor")
struct ExecutorChoiceEndToEndTests {
    @Test("a runner on the event loop and one on Swift's pool race to the same result; the loop's runner has one event loop thread")
    func loopAndPool() async throws {
        let binary = try BuildProducts.materunner()
        let (portA, portB) = (try freeUDPPort(), try freeUDPPort())
        let common = ["--goal", "0.3", "--speedup", "20", "--frontend", "json", "--wait", "30"]
        let alice = try ProcessRun.Handle(binary, ["run", "--name", "alice", "--port", "\(portA)",
            "--peer", "127.0.0.1:\(portB)", "--pace", "5:00", "--seed", "1"] + common)
        let bob = try ProcessRun.Handle(binary, ["run", "--name", "bob", "--port", "\(portB)",
            "--peer", "127.0.0.1:\(portA)", "--pace", "5:20", "--seed", "2"] + common,
            environment: ["MATERUNNER_EXECUTOR": "pool"])
        // SwiftNIO names its shared loops' threads NIO-SGLTN-<group>-#<loop>: one loop for the default,
        // one per core for the pool. Read while both run (their loops start with their sockets, and the
        // race lasts several seconds): the most seen in up to 10 samples, until both were seen.
        var (aliceLoops, bobLoops) = (0, 0)
        var seen: [String] = []
        for _ in 0..<10 where aliceLoops == 0 || bobLoops == 0 {
            try await Task.sleep(for: .milliseconds(300))
            do {
                let (aliceNames, bobNames) = (try Self.threadNames(of: alice.process.processIdentifier), try Self.threadNames(of: bob.process.processIdentifier))
                seen.append("alice \(aliceNames), bob \(bobNames)")
                aliceLoops = max(aliceLoops, Self.eventLoops(in: aliceNames))
                bobLoops = max(bobLoops, Self.eventLoops(in: bobNames))
            } catch {
                seen.append("\(error)")
            }
        }
        let runs = [await alice.wait(timeout: 90), await bob.wait(timeout: 90)]
        for run in runs {
            #expect(!run.timedOut && run.status == 0, "exit \(run.status): \(run.stderr)")
        }
        #expect(aliceLoops == 1, "alice's event loop threads: \(aliceLoops); seen: \(seen)")
        // One per core as SwiftNIO counts them (its cgroup-aware count): at least one.
        #expect(bobLoops >= 1, "bob's event loop threads: \(bobLoops); seen: \(seen)")
        let results = try runs.map { try RaceResult(lines: try $0.jsonLines()) }
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

    /// The names of `pid`'s threads.
    static func threadNames(of pid: Int32) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: "/proc/\(pid)/task").map { task in
            // /proc's files say they are empty: read them to their end, not to their size.
            let handle = try FileHandle(forReadingFrom: URL(fileURLWithPath: "/proc/\(pid)/task/\(task)/comm"))
            defer { try? handle.close() }
            return String(decoding: try handle.readToEnd() ?? Data(), as: UTF8.self)
        }
    }

    /// The event loops of SwiftNIO's shared group among `names`: the distinct names of their threads (a
    /// thread started from a loop's thread without a name of its own inherits the loop's).
    static func eventLoops(in names: [String]) -> Int {
        Set(names.filter { $0.hasPrefix("NIO-SGLTN-") }).count
    }
}
