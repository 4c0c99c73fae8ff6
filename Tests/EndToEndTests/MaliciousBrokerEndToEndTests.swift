import Foundation
import MateRunnerTesting
import Testing

/// A malicious broker (tools/mqtt-relay in front of a real mosquitto) against an invited race run first
/// through the plain broker as a control: the same result, only later. Apart from the other broker tests
/// because its result must agree with the control's within a second of race time, a window that
/// `scripts/test` gives cores of its own.
@Suite("End to end: a malicious broker, against a control race")
struct MaliciousBrokerEndToEndTests {
    @Test("a malicious broker (drops, delays, reorders, duplicates, replays, forges): the control's result, only later")
    func maliciousBroker() async throws {
        let broker = try await TestBroker.started()
        let control = try await BrokerEndToEndTests().invitedRace(broker, goal: "0.3")
        let relay = try await MaliciousRelay(before: broker)
        let attacked = try await BrokerEndToEndTests().invitedRace(relay.url, bobs: relay.url, goal: "0.3")
        let counts = relay.counts
        await relay.stop()
        for run in control + attacked { #expect(run.status == 0 && !run.timedOut, "exit \(run.status): \(run.stderr)") }
        let controlResult = try RaceResult(lines: control[0].jsonLines())
        let results = try attacked.map { try RaceResult(lines: $0.jsonLines()) }
        #expect(results[0] == results[1], "\(results)")
        #expect(results[0].agrees(with: controlResult), "attacked: \(results[0])\ncontrol: \(controlResult)")
        for kind in ["dropped", "duplicated", "replayed", "injected"] {
            #expect(counts[kind, default: 0] > 0, "\(kind): \(counts)")
        }
        // Forged envelopes do not open; replayed and duplicated ones are refused by the core.
        let unopened = attacked.map { run in
            run.stderr.firstMatch(of: /, (\d+) not opened/).flatMap { Int($0.1) } ?? 0
        }
        #expect(unopened.reduce(0, +) > 0, "\(attacked.map(\.stderr))")
        let refused = attacked.allSatisfy { $0.stderr.contains("\"duplicate\"") || $0.stderr.contains("\"replayed\"") }
        #expect(refused, "\(attacked.map(\.stderr))")
    }
}
