import Foundation
import MateRunnerTesting

/// A private tmux server (its own socket, no config) running one command in a pane of a given size.
/// `stop()` kills the server by its pid.
struct Tmux {
    static var isInstalled: Bool {
        ["/usr/bin/tmux", "/usr/local/bin/tmux", "/opt/homebrew/bin/tmux"].contains { FileManager.default.isExecutableFile(atPath: $0) }
    }

    let socket = "materunner-test-\(UUID().uuidString.prefix(8))"
    private(set) var serverPID: Int32?

    /// Starts `command` in a detached session of `columns` x 24; the pane stays after it exits
    /// (it prints `EXIT=<status>` and waits for input).
    init(command: String, columns: Int) throws {
        // The server forks from new-session and keeps its descriptors, among them the one Foundation's
        // Process watches to see the child end: start it through bash, which closes all but 0-2 first.
        try run(["new-session", "-d", "-x", "\(columns)", "-y", "24", "-s", "race", "\(command); echo EXIT=$?; read -r _"], capture: false)
        serverPID = Int32(try run(["display-message", "-p", "-t", "race", "#{pid}"]).trimmingCharacters(in: .whitespacesAndNewlines))
    }

    /// What the pane shows now, one line per row, trailing blanks removed.
    func screen() throws -> String {
        try run(["capture-pane", "-p", "-t", "race"])
    }

    /// Types `keys` into the pane (tmux key names, e.g. `a`).
    func send(keys: String) throws {
        try run(["send-keys", "-t", "race", keys])
    }

    func resize(columns: Int) throws {
        try run(["resize-window", "-t", "race", "-x", "\(columns)", "-y", "24"])
    }

    /// Polls the screen (bounded: 60 s; the race runs in another process) until `condition` holds.
    func waitForScreen(_ what: String, _ condition: (String) -> Bool) async throws -> String {
        let deadline = Date().addingTimeInterval(60)
        while Date() < deadline {
            let text = try screen()
            if condition(text) { return text }
            try await Task.sleep(for: .milliseconds(50))
        }
        throw TestFailure("tmux: gave up waiting for \(what); the screen was:\n\(try screen())")
    }

    func stop() {
        _ = try? run(["kill-server"])
        if let serverPID { kill(serverPID, SIGKILL) }
    }

    @discardableResult
    private func run(_ arguments: [String], capture: Bool = true) throws -> String {
        let process = Process()
        let pipe = Pipe()
        process.executableURL = URL(fileURLWithPath: "/bin/bash")
        let closeInherited = #"for fd in /proc/self/fd/*; do n=${fd##*/}; [ "$n" -gt 2 ] && eval "exec $n>&-" 2>/dev/null; done; exec "$@""#
        process.arguments = ["-c", closeInherited, "sh", "tmux", "-L", socket, "-f", "/dev/null"] + arguments
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = capture ? pipe : FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        let data = capture ? pipe.fileHandleForReading.readDataToEndOfFile() : Data()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else { throw TestFailure("tmux \(arguments.first ?? "") failed") }
        return String(decoding: data, as: UTF8.self)
    }
}
