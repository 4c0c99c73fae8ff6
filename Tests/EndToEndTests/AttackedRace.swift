import Foundation
import MateRunnerTesting
import Testing

/// One race of the real binary run twice at the same time with the same arguments and seeds: a control,
/// and one an attacker on loopback sends forged datagrams into. The attack must change nothing the
/// runners agree on: both runs end with the same result.
struct AttackedRace {
    /// Each runner's run, in the order `start` made them: the control's and the attacked race's.
    let control: [ProcessRun]
    let attacked: [ProcessRun]

    /// Runs `race` twice at once, with fresh ports (one per runner): the control (`attacked` false) and
    /// the attacked race (true). `race` starts the runners and, when attacked, attacks them; it returns
    /// their handles. Every process is waited for, at most `timeout` s each.
    init(
        runners: Int = 2, timeout: TimeInterval = 150,
        race: @escaping @Sendable (_ ports: [Int], _ attacked: Bool) async throws -> [ProcessRun.Handle]
    ) async throws {
        let controlPorts = try (0..<runners).map { _ in try freeUDPPort() }
        let attackedPorts = try (0..<runners).map { _ in try freeUDPPort() }
        async let controlRuns = race(controlPorts, false)
        async let attackedRuns = race(attackedPorts, true)
        let (controlHandles, attackedHandles) = try await (controlRuns, attackedRuns)
        var (control, attacked) = ([ProcessRun](), [ProcessRun]())
        for run in controlHandles { control.append(await run.wait(timeout: timeout)) }
        for run in attackedHandles { attacked.append(await run.wait(timeout: timeout)) }
        self.control = control
        self.attacked = attacked
    }

    /// Every run ended by itself with status 0, and every runner of both races shows the same result
    /// (`RaceResult.agrees`: finish times within `RaceResult.finishTolerance`, the real time a run's
    /// finish is seen at being never quite the same twice).
    func expectSameResult(sourceLocation: SourceLocation = #_sourceLocation) throws {
        for run in control + attacked {
            #expect(!run.timedOut, "the run did not end by itself: \(run.stderr)", sourceLocation: sourceLocation)
            #expect(run.status == 0, "exit \(run.status): \(run.stderr)", sourceLocation: sourceLocation)
        }
        let expected = try RaceResult(lines: control[0].jsonLines())
        for (index, run) in (control + attacked).enumerated() {
            let result = try RaceResult(lines: run.jsonLines())
            let which = "\(index < control.count ? "control" : "attacked") run \(index % control.count)"
            #expect(result.agrees(with: expected), "\(which): \(result), control: \(expected)", sourceLocation: sourceLocation)
        }
    }

    /// The datagrams a run's sync summary (stderr, `--log-level info`) counts as dropped, by reason.
    static func dropped(_ run: ProcessRun) -> [String: Int] {
        guard let line = run.stderr.split(separator: "\n").first(where: { $0.contains("), dropped ") }) else { return [:] }
        let counted = String(line[line.range(of: "), dropped ")!.upperBound...])
        let pattern = try! NSRegularExpression(pattern: #"\(key: "([a-z-]+)", value: ([0-9]+)\)"#)
        var counts: [String: Int] = [:]
        for match in pattern.matches(in: counted, range: NSRange(counted.startIndex..., in: counted)) {
            guard let reason = Range(match.range(at: 1), in: counted), let count = Range(match.range(at: 2), in: counted) else { continue }
            counts[String(counted[reason])] = Int(counted[count])
        }
        return counts
    }

    /// Runs `attack` while `run`'s race runs, on a thread of its own (`onOwnThread`): waits there until
    /// `run` shows its race running (a status frame at stage `running`, at most `timeout` s), attacks, and
    /// fails if `run` showed its result or ended before the attack was over, since an attack that lands
    /// after the race proves nothing. On the test pool, beside the other end-to-end suites, the attack
    /// was held back until alice's race had ended: she counted none of the 64 fresh ids.
    static func attack(
        whileRunning run: ProcessRun.Handle, timeout: TimeInterval = 60, _ attack: @escaping @Sendable () throws -> Void
    ) async throws {
        try await onOwnThread {
            let deadline = Date().addingTimeInterval(timeout)
            while !shows(run, { $0["type"] as? String == "status" && $0["stage"] as? String == "running" }) {
                guard Date() < deadline, run.process.isRunning else {
                    throw TestFailure("the race never showed running within \(timeout) s")
                }
                usleep(20_000)
            }
            try attack()
            guard run.process.isRunning, !shows(run, { $0["type"] as? String == "result" }) else {
                throw TestFailure("the race ended before the attack was over: the attack proves nothing")
            }
        }
    }

    /// Whether a JSON line `run` wrote so far passes `matches`.
    private static func shows(_ run: ProcessRun.Handle, _ matches: ([String: Any]) -> Bool) -> Bool {
        run.output.split(separator: "\n").contains { line in
            (try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any]).map(matches) ?? false
        }
    }
}
