import Foundation
import MateRunnerTesting
import Testing

/// Hosts in network namespaces, each with its own D-Bus and avahi-daemon (scripts/netns-hosts.sh),
/// for a test that starts and drives the processes on them itself. `stop()` ends the script by its
/// pid; its trap removes everything it made.
struct NetnsHosts {
    /// One host: the process holding its namespaces, and its address on the bridge.
    struct Host {
        let holder: Int32
        let address: String

        /// `nsenter` arguments that run a command on this host (its network, its /run, its host name).
        var enter: [String] { ["-t", "\(holder)", "-m", "-u", "-n"] }
    }

    static let nsenter = URL(fileURLWithPath: "/usr/bin/nsenter")

    let script: ProcessRun.Handle
    let hosts: [Host]

    /// Starts `count` hosts; cancels the test (skipped) where namespaces cannot be made.
    static func start(_ count: Int) async throws -> NetnsHosts {
        let output = try RecordsEndToEndTests.temporaryDirectory("netns-hosts")
        let script = try ProcessRun.Handle(
            URL(fileURLWithPath: "/bin/bash"),
            [Fixtures.packageRoot.appendingPathComponent("scripts/netns-hosts.sh").path, "\(count)", output.path], input: true
        )
        let list = output.appendingPathComponent("hosts")
        let deadline = Date().addingTimeInterval(60)
        while !FileManager.default.fileExists(atPath: list.path) {
            if !script.process.isRunning {
                let run = await script.wait(timeout: 5)
                if run.status == 77 { try Test.cancel("skipped: \(run.stderr.trimmingCharacters(in: .whitespacesAndNewlines))") }
                throw TestFailure("netns-hosts.sh exited \(run.status): \(run.stderr)")
            }
            guard Date() < deadline else {
                kill(script.process.processIdentifier, SIGTERM)
                throw TestFailure("the hosts did not start in 60 s")
            }
            try await Task.sleep(for: .milliseconds(100))
        }
        let hosts = try String(contentsOf: list, encoding: .utf8).split(separator: "\n").map { line in
            let fields = line.split(separator: " ")
            guard fields.count == 3, let holder = Int32(fields[1]) else { throw TestFailure("bad hosts line: \(line)") }
            return Host(holder: holder, address: String(fields[2]))
        }
        return NetnsHosts(script: script, hosts: hosts)
    }

    /// Starts `arguments` of `binary` on host `index` (0-based), like `ProcessRun.Handle`.
    func start(on index: Int, _ binary: URL, _ arguments: [String], environment: [String: String] = [:], input: Bool = false) throws -> ProcessRun.Handle {
        try ProcessRun.Handle(Self.nsenter, hosts[index].enter + [binary.path] + arguments, environment: environment, input: input)
    }

    /// A shell command line running `binary` with `arguments` on host `index` (for a tmux pane), its
    /// standard error (the log) into `log`, so that the pane shows the front-end alone.
    func commandLine(on index: Int, _ binary: URL, _ arguments: [String], environment: [String: String] = [:], log: URL) -> String {
        let assignments = environment.map { "\($0.key)=\(Self.quoted($0.value))" }
        let words = ([Self.nsenter.path] + hosts[index].enter + [binary.path] + arguments).map(Self.quoted)
        return (assignments + words).joined(separator: " ") + " 2>" + Self.quoted(log.path)
    }

    /// Ends the hosts (SIGTERM: the script's trap stops what runs in them and removes them).
    func stop() async {
        kill(script.process.processIdentifier, SIGTERM)
        _ = await script.wait(timeout: 30)
    }

    private static func quoted(_ word: String) -> String {
        "'" + word.replacingOccurrences(of: "'", with: "'\\''") + "'"
    }
}
