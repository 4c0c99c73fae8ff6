import Foundation

/// One run of a program with its output captured to files, stopped by pid if it outlives `timeout`.
struct ProcessRun {
    let status: Int32
    let stdout: String
    let stderr: String
    let timedOut: Bool

    /// Starts `executable` with `arguments`; use `wait` to collect it.
    final class Handle: @unchecked Sendable {
        let process = Process()
        let stdoutURL: URL
        let stderrURL: URL
        /// The folder `XDG_DATA_HOME` points to (records go there unless `--data-dir` says otherwise).
        let dataHome: URL
        /// Standard input, when the handle was made with `input: true`.
        private let input: Pipe?

        init(_ executable: URL, _ arguments: [String], environment: [String: String] = [:], input: Bool = false, directory: URL? = nil) throws {
            let folder = TestScratch.folder("run")
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            stdoutURL = folder.appendingPathComponent("stdout")
            stderrURL = folder.appendingPathComponent("stderr")
            _ = FileManager.default.createFile(atPath: stdoutURL.path, contents: nil)
            _ = FileManager.default.createFile(atPath: stderrURL.path, contents: nil)
            process.executableURL = executable
            process.arguments = arguments
            if let directory { process.currentDirectoryURL = directory }
            // Runs record themselves: keep their records in this run's own folder unless told otherwise.
            dataHome = environment["XDG_DATA_HOME"].map { URL(fileURLWithPath: $0, isDirectory: true) } ?? folder.appendingPathComponent("data")
            // Config files and MATERUNNER_* variables of the machine or the shell stay out of the run: the
            // test's own (`environment`) only. The user's config folder is this run's own, empty one.
            let isolated = [
                "XDG_DATA_HOME": dataHome.path,
                "XDG_CONFIG_HOME": folder.appendingPathComponent("config").path,
                "MATERUNNER_SYSTEM_CONFIG": folder.appendingPathComponent("system-config.toml").path,
            ]
            let inherited = ProcessInfo.processInfo.environment.filter { variable, _ in
                !variable.hasPrefix("MATERUNNER_") || ["MATERUNNER_FRONTEND_PATH", "MATERUNNER_BUILD_DIR"].contains(variable)
            }
            process.environment = inherited.merging(isolated) { $1 }.merging(environment) { $1 }
            self.input = input ? Pipe() : nil
            process.standardInput = self.input ?? FileHandle.nullDevice
            process.standardOutput = try FileHandle(forWritingTo: stdoutURL)
            process.standardError = try FileHandle(forWritingTo: stderrURL)
            try process.run()
        }

        /// Writes one line to the process's standard input (made with `input: true`).
        func send(_ line: String) {
            // A process that has ended closes the pipe: the write then fails instead of raising SIGPIPE.
            signal(SIGPIPE, SIG_IGN)
            try? input?.fileHandleForWriting.write(contentsOf: Data((line + "\n").utf8))
        }

        /// Closes the process's standard input (made with `input: true`): the end of what it reads.
        func closeInput() {
            try? input?.fileHandleForWriting.close()
        }

        /// Standard output so far.
        var output: String { (try? String(contentsOf: stdoutURL, encoding: .utf8)) ?? "" }

        /// The first JSON line of standard output so far whose `type` is `type` (and that passes `where`),
        /// waiting for it at most `timeout` seconds.
        func waitForJSON(type: String, timeout: TimeInterval, where matches: ([String: Any]) -> Bool = { _ in true }) async -> [String: Any]? {
            let deadline = Date().addingTimeInterval(timeout)
            while Date() < deadline {
                for line in output.split(separator: "\n") {
                    guard let object = try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any],
                          object["type"] as? String == type, matches(object) else { continue }
                    return object
                }
                if !process.isRunning { return nil }
                try? await Task.sleep(for: .milliseconds(50))
            }
            return nil
        }

        /// Waits for the process to end, at most `timeout` seconds; past that it is killed by pid.
        func wait(timeout: TimeInterval) async -> ProcessRun {
            let deadline = Date().addingTimeInterval(timeout)
            var timedOut = false
            while process.isRunning {
                if Date() > deadline {
                    timedOut = true
                    kill(process.processIdentifier, SIGKILL)
                    break
                }
                try? await Task.sleep(for: .milliseconds(50))
            }
            process.waitUntilExit()
            return ProcessRun(
                status: process.terminationStatus,
                stdout: (try? String(contentsOf: stdoutURL, encoding: .utf8)) ?? "",
                stderr: (try? String(contentsOf: stderrURL, encoding: .utf8)) ?? "",
                timedOut: timedOut
            )
        }
    }

    /// Runs to the end (in `directory`, by default this process's current one).
    static func run(
        _ executable: URL, _ arguments: [String], timeout: TimeInterval = 60, environment: [String: String] = [:], directory: URL? = nil
    ) async throws -> ProcessRun {
        try await Handle(executable, arguments, environment: environment, directory: directory).wait(timeout: timeout)
    }

    /// Every stdout line parsed as a JSON object; a line that is not one is an error.
    func jsonLines() throws -> [[String: Any]] {
        try stdout.split(separator: "\n").map { line in
            guard let object = try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any] else {
                throw NotJSON(line: String(line))
            }
            return object
        }
    }
}

struct NotJSON: Error, CustomStringConvertible {
    let line: String
    var description: String { "stdout line is not a JSON object: \(line.prefix(200))" }
}

/// One temporary folder for everything this test process's runs write (their output, config and data
/// homes), removed when the process exits, so that thousands of runs leave nothing behind in /tmp.
enum TestScratch {
    static let root: URL = {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("materunner-e2e-\(UUID().uuidString)")
        try? FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        atexit { try? FileManager.default.removeItem(at: TestScratch.root) }
        return root
    }()

    /// A new folder under `root`.
    static func folder(_ label: String) -> URL {
        root.appendingPathComponent("\(label)-\(UUID().uuidString)")
    }
}
