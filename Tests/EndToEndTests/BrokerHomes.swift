import Foundation
import MateRunnerTesting
import Testing

/// Two home networks behind NAT routers and an "internet" holding mosquitto, in network namespaces
/// (scripts/netns-broker-homes.sh): hosts `a1`, `a2` at home A and `b1`, `b2` at home B reach the broker
/// through their routers' uplinks, with a delay and loss on each. The test starts processes on the hosts
/// and asks the script to restart the broker or cut an uplink; `stop()` ends the script by its pid, and
/// its trap removes everything it made.
struct BrokerHomes {
    let script: ProcessRun.Handle
    /// Each host's network namespace, by name.
    let namespaces: [String: String]
    /// Each host's address, by name.
    let addresses: [String: String]
    /// `mqtt://ADDRESS:PORT` of the broker.
    let brokerURL: String
    /// The faults on the uplinks, as the script says it made them.
    let faults: String

    static let ip = URL(fileURLWithPath: "/usr/sbin/ip")

    /// Starts the homes and the broker, with `delay` ms and `loss` % on each uplink, each way; cancels the
    /// test (skipped) where namespaces cannot be made.
    static func start(delay: Int = 80, loss: Int = 2) async throws -> BrokerHomes {
        let output = TestScratch.folder("broker-homes")
        let script = try ProcessRun.Handle(
            URL(fileURLWithPath: "/bin/bash"),
            [Fixtures.packageRoot.appendingPathComponent("scripts/netns-broker-homes.sh").path, output.path],
            environment: ["UPLINK_DELAY": "\(delay)", "UPLINK_LOSS": "\(loss)"], input: true
        )
        let list = output.appendingPathComponent("homes")
        let deadline = Date().addingTimeInterval(60)
        while !FileManager.default.fileExists(atPath: list.path) {
            if !script.process.isRunning {
                let run = await script.wait(timeout: 5)
                let reason = run.stderr.trimmingCharacters(in: .whitespacesAndNewlines)
                if run.status == 77 { try Test.cancel("skipped: \(reason)") }
                throw TestFailure("netns-broker-homes.sh exited \(run.status): \(run.stderr)")
            }
            guard Date() < deadline else {
                kill(script.process.processIdentifier, SIGTERM)
                throw TestFailure("the homes did not start in 60 s")
            }
            try await Task.sleep(for: .milliseconds(100))
        }
        var namespaces: [String: String] = [:]
        var addresses: [String: String] = [:]
        var brokerURL: String?
        var faults = ""
        for line in try String(contentsOf: list, encoding: .utf8).split(separator: "\n") {
            let fields = line.split(separator: " ", maxSplits: 2).map(String.init)
            switch fields.first {
            case "broker" where fields.count == 3: brokerURL = "mqtt://\(fields[1]):\(fields[2])"
            case "faults" where fields.count >= 2: faults = fields.dropFirst().joined(separator: " ")
            case let name? where fields.count == 3: (namespaces[name], addresses[name]) = (fields[1], fields[2])
            default: throw TestFailure("bad homes line: \(line)")
            }
        }
        guard let brokerURL else { throw TestFailure("the homes file names no broker") }
        return BrokerHomes(
            script: script, namespaces: namespaces, addresses: addresses, brokerURL: brokerURL, faults: faults)
    }

    /// Starts `arguments` of `binary` on host `name`, like `ProcessRun.Handle` (its pid is the binary's:
    /// `ip netns exec` execs it); `input`: the test writes its standard input.
    func start(
        on name: String, _ binary: URL, _ arguments: [String], environment: [String: String] = [:], input: Bool = false
    ) throws -> ProcessRun.Handle {
        guard let namespace = namespaces[name] else { throw TestFailure("no host \(name)") }
        let words = ["netns", "exec", namespace, binary.path] + arguments
        return try ProcessRun.Handle(Self.ip, words, environment: environment, input: input)
    }

    /// The `ip` arguments that run a command on host `name`: `netns exec NAMESPACE`.
    func enter(_ name: String) throws -> [String] {
        guard let namespace = namespaces[name] else { throw TestFailure("no host \(name)") }
        return ["netns", "exec", namespace]
    }

    /// The `ip` arguments that run `tool` with `arguments` on host `name` (for `runTool`).
    func command(on name: String, _ tool: String, _ arguments: [String]) throws -> [String] {
        try enter(name) + [tool] + arguments
    }

    /// Asks the script to do `command` (`broker-restart`, `uplink-down B`, `uplink-up B`) and waits for
    /// its answer.
    func run(_ command: String) async throws {
        let answered = { (text: String) in
            text.split(separator: "\n").filter { $0.hasPrefix("ok \(command)") || $0.hasPrefix("error \(command)") }
        }
        let before = answered(script.output).count
        script.send(command)
        let deadline = Date().addingTimeInterval(20)
        while answered(script.output).count == before {
            guard Date() < deadline, script.process.isRunning else {
                throw TestFailure("no answer to \(command): \(script.output)")
            }
            try await Task.sleep(for: .milliseconds(50))
        }
        if let last = answered(script.output).last, last.hasPrefix("error") { throw TestFailure(String(last)) }
    }

    /// Ends the homes: `quit` (or SIGTERM, should it not answer), and the script's trap stops what runs in
    /// them and removes them.
    func stop() async {
        script.send("quit")
        let deadline = Date().addingTimeInterval(10)
        while script.process.isRunning, Date() < deadline { try? await Task.sleep(for: .milliseconds(100)) }
        if script.process.isRunning { kill(script.process.processIdentifier, SIGTERM) }
        _ = await script.wait(timeout: 30)
    }
}
