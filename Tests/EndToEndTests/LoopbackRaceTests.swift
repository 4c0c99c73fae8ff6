import MateRunnerTesting
import Foundation
import Testing

/// Two real `materunner run` processes race over UDP on loopback with static peers.
@Suite("End to end: loopback race")
struct LoopbackRaceTests {
    @Test("both JSON streams report the same winner and both runners' final distances")
    func twoProcessesAgree() async throws {
        let binary = try BuildProducts.materunner()
        let (portA, portB) = (try freeUDPPort(), try freeUDPPort())
        let common = ["--goal", "0.3", "--speedup", "25", "--frontend", "json", "--wait", "30"]
        let alice = try ProcessRun.Handle(binary, ["run", "--name", "alice", "--port", "\(portA)",
            "--peer", "127.0.0.1:\(portB)", "--pace", "5:00", "--seed", "1"] + common)
        let bob = try ProcessRun.Handle(binary, ["run", "--name", "bob", "--port", "\(portB)",
            "--peer", "127.0.0.1:\(portA)", "--pace", "5:40", "--seed", "2"] + common)
        let runA = await alice.wait(timeout: 90)
        let runB = await bob.wait(timeout: 90)

        for run in [runA, runB] {
            #expect(!run.timedOut, "the run did not end by itself: \(run.stderr)")
            #expect(run.status == 0, "exit \(run.status): \(run.stderr)")
        }
        let linesA = try runA.jsonLines()
        let linesB = try runB.jsonLines()
        let resultA = try RaceResult(lines: linesA)
        let resultB = try RaceResult(lines: linesB)

        #expect(resultA == resultB)
        #expect(resultA.entries.map(\.name).sorted() == ["alice", "bob"])
        #expect(resultA.winner == resultA.entries.first?.name)
        for entry in resultA.entries {
            #expect(entry.state == "finished")
            #expect(entry.distanceMetres >= 300 && entry.distanceMetres < 320, "\(entry)")
            #expect(entry.finishSeconds != nil)
        }
        // Every line is a frame of the documented schema; the stream starts waiting and ends with the result.
        for line in linesA + linesB {
            #expect(line["schema"] as? Int == 1)
            #expect(["status", "result", "notice"].contains(line["type"] as? String ?? ""))
            #expect((line["time"] as? String)?.hasSuffix("Z") == true)
        }
        // Stages only move forward: waiting (until the mate is heard, possibly before the first frame),
        // running, complete.
        for lines in [linesA, linesB] {
            let order = ["waiting": 0, "running": 1, "complete": 2]
            let stages = lines.compactMap { $0["stage"] as? String }.compactMap { order[$0] }
            #expect(stages == stages.sorted())
            #expect(stages.last == 2)
        }
    }

    @Test("a team run of two processes: both report the team reaching the goal, with the same shares")
    func teamRun() async throws {
        let binary = try BuildProducts.materunner()
        let (portA, portB) = (try freeUDPPort(), try freeUDPPort())
        let common = ["--mode", "team", "--goal", "0.4", "--speedup", "25", "--frontend", "json", "--wait", "30"]
        let alice = try ProcessRun.Handle(binary, ["run", "--name", "alice", "--port", "\(portA)",
            "--peer", "127.0.0.1:\(portB)", "--pace", "5:00", "--seed", "3", "--weight", "55"] + common)
        let bob = try ProcessRun.Handle(binary, ["run", "--name", "bob", "--port", "\(portB)",
            "--peer", "127.0.0.1:\(portA)", "--pace", "6:00", "--seed", "4"] + common)
        let runs = [await alice.wait(timeout: 90), await bob.wait(timeout: 90)]
        var summaries: [String] = []
        for run in runs {
            #expect(run.status == 0, "\(run.stderr)")
            let result = try #require(try run.jsonLines().last)
            #expect(result["type"] as? String == "result")
            #expect(result["mode"] as? String == "team")
            summaries.append(result["message"] as? String ?? "")
        }
        #expect(summaries[0] == summaries[1])
        #expect(summaries[0].hasPrefix("the team reached 0.40 km: "), "\(summaries[0])")
        // The faster runner covered more of the team's distance.
        #expect(summaries[0].contains("alice") && summaries[0].contains("bob"))
    }
}
