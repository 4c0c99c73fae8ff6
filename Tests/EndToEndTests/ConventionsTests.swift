import Foundation
import MateRunnerTesting
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// The habits of command-line tools, through the real binary: sysexits statuses, one plain error line, a
/// closed output ending the run, one front-end per standard output, TERM=dumb (docs/CONFIG.md).
@Suite("End to end: command-line conventions", .serialized)
struct ConventionsTests {
    /// A temporary folder of the test's own.
    private func folder() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("materunner-conventions-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    @Test("each class of fault ends with its sysexits status and one plain line: materunner: error: …")
    func exitStatuses() async throws {
        let binary = try BuildProducts.materunner()
        let folder = try folder()
        let notGPX = folder.appendingPathComponent("track.gpx")
        try Data("this is not XML".utf8).write(to: notGPX)
        // A UDP port held by this test: the run cannot listen there.
        let socketFD = socket(AF_INET, Int32(SOCK_DGRAM.rawValue), 0)
        defer { close(socketFD) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("0.0.0.0")
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafePointer(to: &address) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(socketFD, $0, length) } }
        _ = withUnsafeMutablePointer(to: &address) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(socketFD, $0, &length) } }
        let heldPort = Int(UInt16(bigEndian: address.sin_port))
        // A TCP port listened on by this test: the web front-end cannot serve there.
        let webFD = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(webFD) }
        var webAddress = sockaddr_in()
        webAddress.sin_family = sa_family_t(AF_INET)
        webAddress.sin_addr.s_addr = inet_addr("127.0.0.1")
        var webLength = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafePointer(to: &webAddress) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(webFD, $0, webLength) } }
        _ = listen(webFD, 1)
        _ = withUnsafeMutablePointer(to: &webAddress) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(webFD, $0, &webLength) } }
        let webPort = Int(UInt16(bigEndian: webAddress.sin_port))

        let solo = ["run", "--name", "a", "--mates", "0", "--port", "0", "--frontend", "json", "--goal", "0.05"]
        let cases: [(arguments: [String], status: Int32, says: String)] = [
            (solo + ["--source", "gpx:\(notGPX.path)"], 65, "is not valid GPX"),
            (solo + ["--source", "gpx:\(folder.path)/missing.gpx"], 66, "there is no file"),
            (solo + ["--race-key-file", "\(folder.path)/missing.key"], 66, "cannot read the race key file"),
            (["run", "--name", "a", "--mates", "0", "--port", "\(heldPort)", "--frontend", "json"], 69, "UDP port \(heldPort) is already in use"),
            (["demo", "--frontend", "json", "--json-out", "\(folder.path)/missing/race.ndjson"], 73, "cannot write --json-out"),
            (["demo", "--frontend", "text,json"], 64, "text and json would both write to standard output"),
            // What a front-end needs and cannot have is a service unavailable, not a usage error.
            (["demo", "--frontend", "json,web", "--frontend-option", "web.listen=127.0.0.1:\(webPort)", "--frontend-option", "web.qr=off"], 69,
             "the port \(webPort) is in use"),
            (["demo", "--frontend", "json,audio", "--frontend-option", "audio.device=hw:97,0"], 69, "cannot open the sound device"),
        ]
        for (arguments, status, says) in cases {
            let run = try await ProcessRun.run(binary, arguments, timeout: 60)
            #expect(run.status == status, "\(arguments): \(run.stderr)")
            #expect(run.stderr.hasPrefix("materunner: error: "), "\(arguments): \(run.stderr)")
            #expect(run.stderr.contains(says), "\(arguments): \(run.stderr)")
            #expect(run.stderr.split(separator: "\n").count == 1, "\(arguments): \(run.stderr)")
        }
        // Two front-ends on standard output: the message points at --json-out.
        let shared = try await ProcessRun.run(binary, ["demo", "--frontend", "text,json"])
        #expect(shared.stderr.contains("--json-out FILE"))
        // The audio front-end never writes there: it runs beside one that does.
        let spoken = try await ProcessRun.run(binary, ["demo", "--goal", "0.05", "--frontend", "json,audio", "--data-dir", folder.path,
                                                       "--frontend-option", "audio.out=\(folder.path)/race.wav"], timeout: 60)
        #expect(spoken.status == 0, "\(spoken.stderr)")
        #expect(spoken.stdout.contains(#""type":"result""#))
    }

    @Test("options that take numbers reach validation with a negative value: --goal -1 says why, not 'missing value'")
    func negativeNumbers() async throws {
        let run = try await ProcessRun.run(try BuildProducts.materunner(), ["demo", "--goal", "-1"])
        #expect(run.status == 64)
        #expect(run.stderr.contains("--goal: the goal -1.0 km is not more than 0"), "\(run.stderr)")
        let name = try await ProcessRun.run(try BuildProducts.materunner(), ["run", "--name", String(repeating: "é", count: 20), "--peer", "127.0.0.1:9"])
        #expect(name.status == 64)
        #expect(name.stderr.contains("the runner name has 20 characters"), "\(name.stderr)")
        // Every command's numbers, not only run's and demo's.
        for (arguments, message) in [
            (["watch", "--wait", "-1"], "--wait must be a positive number of seconds"),
            (["watch", "--speedup", "-2"], "--speedup must be between 1 and 1000"),
            (["clock", "--tick", "-1"], "--tick must be at least 0.05 seconds"),
            (["clock", "--count", "-2"], "--count must be at least 1"),
            (["peers", "--seconds", "-3"], "--seconds must be between 0.1 and 3600"),
        ] {
            let negative = try await ProcessRun.run(try BuildProducts.materunner(), arguments)
            #expect(negative.status == 64, "\(arguments)")
            #expect(negative.stderr.contains(message), "\(arguments): \(negative.stderr)")
        }
    }

    @Test("a closed standard output (… | head -1) ends the run at once, recorded as stopped")
    func closedOutput() async throws {
        let data = try folder()
        let process = Process()
        let pipe = Pipe()
        process.executableURL = try BuildProducts.materunner()
        // A long race: without the closed output it would run for minutes.
        process.arguments = ["demo", "--goal", "50", "--speedup", "1", "--frontend", "json"]
        process.environment = ProcessInfo.processInfo.environment.merging(["XDG_DATA_HOME": data.path]) { $1 }
        process.standardOutput = pipe
        process.standardError = FileHandle.nullDevice
        try process.run()
        // Read up to the first status line (the run has started, so it is recorded), as `grep -m1 status`
        // would, then close the reading end.
        var first = Data()
        while !(String(decoding: first, as: UTF8.self).split(separator: "\n").contains { $0.contains(#""type":"status""#) } && first.last == 10),
              let chunk = try pipe.fileHandleForReading.read(upToCount: 1), !chunk.isEmpty { first += chunk }
        try pipe.fileHandleForReading.close()
        #expect(String(decoding: first, as: UTF8.self).hasPrefix("{"))
        let deadline = Date().addingTimeInterval(30)
        while process.isRunning, Date() < deadline { try await Task.sleep(for: .milliseconds(50)) }
        let ended = !process.isRunning
        if !ended { kill(process.processIdentifier, SIGKILL) }
        process.waitUntilExit()
        #expect(ended, "the run went on after its output closed")
        // As a shell reports a writer its closed pipe ended (128 + SIGPIPE), without dying of the signal.
        #expect(process.terminationReason == .exit && process.terminationStatus == 141)
        let records = try await ProcessRun.run(try BuildProducts.materunner(), ["records", "--json"], environment: ["XDG_DATA_HOME": data.path])
        #expect(records.stdout.contains(#""status":"stopped""#), "\(records.stdout)")
    }

    @Test("TERM=dumb on a terminal: plain lines without one escape code; NO_COLOR: the board without colours")
    func dumbTerminal() async throws {
        let binary = try BuildProducts.materunner().path
        /// The demo's output on a pseudo-terminal (script(1)) with `environment`.
        func onTerminal(_ environment: [String: String]) async throws -> String {
            let data = try folder()
            let run = try await ProcessRun.run(
                URL(fileURLWithPath: "/usr/bin/script"), ["-qec", "\(binary) demo --goal 0.1 --speedup 200", "/dev/null"],
                timeout: 60, environment: environment.merging(["XDG_DATA_HOME": data.path]) { $1 }
            )
            #expect(run.status == 0, "\(run.stderr)")
            return run.stdout
        }
        let dumb = try await onTerminal(["TERM": "dumb"])
        #expect(!dumb.contains("\u{1B}"), "an escape code on a dumb terminal")
        #expect(dumb.contains("goal 0.10 km") && dumb.contains("Winner"), "\(dumb)")
        let noColor = try await onTerminal(["TERM": "xterm", "NO_COLOR": "1"])
        #expect(noColor.contains("\u{1B}["), "the board is still redrawn in place")
        // Colours are SGR sequences (ESC [ … m), the bar's green among them; cursor moves are not.
        let colours = try Regex("\u{1B}\\[[0-9;]*m")
        #expect(!noColor.contains(colours), "a colour with NO_COLOR")
        let colour = try await onTerminal(["TERM": "xterm", "NO_COLOR": ""])
        #expect(colour.contains(colours), "no colour on a colour terminal")
    }
    @Test("no gpsd: the JSON frames say so (not 'standing still'), and on a terminal the warning is a notice on the board, not a log line")
    func gpsStatusAndLogs() async throws {
        let binary = try BuildProducts.materunner()
        let closed = try freeTCPPort()
        let arguments = ["run", "--name", "pi", "--mates", "0", "--port", "0", "--source", "gpsd:127.0.0.1:\(closed)", "--goal", "0.05"]
        let json = try ProcessRun.Handle(binary, arguments + ["--frontend", "json"])
        let unreachable = await json.waitForJSON(type: "status", timeout: 30) {
            ($0["position"] as? [String: Any])?["state"] as? String == "no_daemon"
        }
        kill(json.process.processIdentifier, SIGINT)
        let run = await json.wait(timeout: 30)
        #expect(run.status == 130, "\(run.stderr)")
        let position = try #require(unreachable?["position"] as? [String: Any], "\(run.stdout)")
        #expect(position["source"] as? String == "gpsd" && position["summary"] as? String == "GPS: gpsd not reachable")

        // A simulated runner's frames say so too.
        let sim = try await ProcessRun.run(binary, ["run", "--name", "s", "--mates", "0", "--port", "0", "--goal", "0.05", "--speedup", "50", "--frontend", "json"])
        let simulated = try sim.jsonLines().first { $0["position"] != nil }?["position"] as? [String: Any]
        #expect(simulated?["state"] as? String == "simulated")

        // The text board on a terminal that standard error shares: the warning is drawn on the board.
        let command = ([binary.path] + arguments).joined(separator: " ")
        let terminal = try ProcessRun.Handle(URL(fileURLWithPath: "/usr/bin/script"), ["-qec", command, "/dev/null"], environment: ["TERM": "xterm"])
        let deadline = Date().addingTimeInterval(30)
        while !(terminal.output.contains("[warning] cannot reach gpsd") && terminal.output.contains("GPS: gpsd not reachable")), Date() < deadline {
            try await Task.sleep(for: .milliseconds(100))
        }
        kill(terminal.process.processIdentifier, SIGINT)
        let board = await terminal.wait(timeout: 30)
        #expect(board.stdout.contains("[warning] cannot reach gpsd"), "\(board.stdout)")
        #expect(board.stdout.contains("GPS: gpsd not reachable"))
        #expect(!board.stdout.contains("warning materunner:"), "a log line on the board's terminal")
    }
}
