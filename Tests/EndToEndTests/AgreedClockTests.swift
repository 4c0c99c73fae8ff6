import Foundation
import MateRunnerTesting
import Testing

/// The agreed race clock in `run`: with --clock-zones the JSON stream carries clock frames on the race
/// clock, the host's marked as such, the mate's with the estimated offset and its uncertainty.
@Suite("End to end: agreed race clock")
struct AgreedClockTests {
    @Test("two processes: the host draws its own clock, the mate the host's with an offset and an uncertainty")
    func clockFrames() async throws {
        let binary = try BuildProducts.materunner()
        let (portA, portB) = (try freeUDPPort(), try freeUDPPort())
        let common = ["--goal", "0.2", "--speedup", "10", "--frontend", "json", "--wait", "30", "--clock-zones", "UTC,Asia/Seoul"]
        // alice's id is the lower: she hosts the race clock.
        let alice = try ProcessRun.Handle(binary, ["run", "--name", "alice", "--id", "a1", "--port", "\(portA)",
            "--peer", "127.0.0.1:\(portB)", "--pace", "5:00", "--seed", "1"] + common)
        let bob = try ProcessRun.Handle(binary, ["run", "--name", "bob", "--id", "b2", "--port", "\(portB)",
            "--peer", "127.0.0.1:\(portA)", "--pace", "5:30", "--seed", "2"] + common)
        let runs = [await alice.wait(timeout: 90), await bob.wait(timeout: 90)]
        for run in runs {
            #expect(!run.timedOut && run.status == 0, "exit \(run.status): \(run.stderr)")
        }
        let (linesA, linesB) = (try runs[0].jsonLines(), try runs[1].jsonLines())
        // The result is still the last line of each stream, and the same on both.
        #expect(try RaceResult(lines: linesA) == RaceResult(lines: linesB))

        let clocksA = linesA.filter { $0["type"] as? String == "clock" }.compactMap { $0["clock"] as? [String: Any] }
        let clocksB = linesB.filter { $0["type"] as? String == "clock" }.compactMap { $0["clock"] as? [String: Any] }
        #expect(!clocksA.isEmpty && !clocksB.isEmpty)
        #expect(clocksA.contains { $0["source"] as? String == "agreed race clock (host)" && $0["uncertainty_s"] as? Double == 0 })
        let following = clocksB.filter { $0["source"] as? String == "agreed race clock" }
        #expect(!following.isEmpty, "bob never followed alice's clock: \(clocksB.compactMap { $0["source"] as? String })")
        for clock in following {
            let offset = try #require(clock["offset_s"] as? Double)
            let uncertainty = try #require(clock["uncertainty_s"] as? Double)
            // One machine: the true offset is 0, and loopback round trips are short.
            #expect(abs(offset) < 0.1 && uncertainty >= 0 && uncertainty < 0.1, "\(clock)")
            #expect((clock["zones"] as? [[String: Any]])?.map { $0["zone"] as? String } == ["UTC", "Asia/Seoul"])
        }
        // The race clock never goes back.
        for clocks in [clocksA, clocksB] {
            let instants = clocks.compactMap { $0["instant"] as? String }
            #expect(instants == instants.sorted())
        }
    }
}
