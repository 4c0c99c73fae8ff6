import Foundation
import MateRunnerTesting
import Testing

/// The text front-end in a real terminal: a demo race inside tmux, read back with capture-pane,
/// resized from 80 to 40 columns while it runs. What the terminal shows must be whole lines of
/// the board, never fragments of wrapped or half-erased ones.
@Suite("End to end: the text front-end in tmux", .enabled(if: Tmux.isInstalled, "tmux is not installed (apt-get install tmux)"))
struct TmuxTextFrontEndTests {
    /// Every line the terminal may show: header, runner lines (wide or compact), key help, result table.
    static let allowed = [
        #"^(MateRunner  )?[0-9]{2}:[0-9]{2}  goal [0-9]+\.[0-9]{2} km  (running|finished|waiting for mates)$"#,
        #"^[* ] [a-z]+ +(\(you\))? +[0-9]+\.[0-9]{2} km \[[#-]+\] +[0-9]+%(  [0-9]+:[0-9]{2} /km)?(  [0-9]+ kcal)?  (running|waiting|finished in [0-9:]+)$"#,
        #"^[* ][> ] [a-z]+ +[0-9]+\.[0-9]{2} \[[#-]+\] +[0-9]+%( [0-9]+:[0-9]{2})?( [0-9:]+| waiting)?$"#,
        #"^c: cancel(  e: cheer)?$"#, #"^Result: race to [0-9.]+ km$"#,
        #"^  [12]\. (alice|bob) +[0-9.]+ km  [0-9:]+( +[0-9]+:[0-9]{2} /km)?( +[0-9]+ kcal)?( +winner)?$"#,
        #"^Winner: (alice|bob)$"#, #"^EXIT=0$"#,
    ]

    static func check(_ screen: String, columns: Int) {
        for line in screen.split(separator: "\n").map(String.init) where !line.isEmpty {
            #expect(line.count <= columns, "wider than \(columns): \(line)")
            #expect(allowed.contains { line.range(of: $0, options: .regularExpression) != nil }, "garbled line: '\(line)' in\n\(screen)")
        }
    }

    @Test("drawn in place at 80 columns, still whole lines after a resize to 40, result table at the end", .timeLimit(.minutes(2)))
    func resize() async throws {
        // A race of about 30 s, so that the board is seen and the resize below lands while it runs even on a
        // loaded machine (a resize after the last frame would leave lines drawn at 80 columns on a 40-column
        // screen; with every suite at once, a 10 s race once ended before the first capture showed the board).
        let records = FileManager.default.temporaryDirectory.appendingPathComponent("materunner-tmux-\(UUID().uuidString)")
        let tmux = try Tmux(
            command: "\(try BuildProducts.materunner().path) demo --goal 0.5 --speedup 5 --frontend text --data-dir \(records.path)",
            columns: 80
        )
        defer {
            tmux.stop()
            try? FileManager.default.removeItem(at: records)
        }
        // The demo's runner has no mates to cheer: its keys are cancel alone.
        let running = try await tmux.waitForScreen("the board at 80 columns") { $0.contains("c: cancel") && $0.contains("(you)") }
        #expect(!running.contains("e: cheer"), "\(running)")
        Self.check(running, columns: 80)
        // In place: one header however many frames were drawn.
        #expect(running.components(separatedBy: "goal 0.50 km").count == 2, "\(running)")
        try tmux.resize(columns: 40)
        let done = try await tmux.waitForScreen("the end of the race") { $0.contains("EXIT=0") }
        Self.check(done, columns: 40)
        #expect(done.contains("Winner: "))
        #expect(done.components(separatedBy: "goal 0.50 km").count == 2, "\(done)")
    }

    @Test("text,web at 80×24: both addresses whole on screen beside the board, the QR code left out with how to see it", .timeLimit(.minutes(2)))
    func textAndWebAt80x24() async throws {
        let records = FileManager.default.temporaryDirectory.appendingPathComponent("materunner-tmux-\(UUID().uuidString)")
        let tmux = try Tmux(
            command: "\(try BuildProducts.materunner().path) demo --goal 0.5 --speedup 5 --frontend text,web "
                + "--frontend-option web.listen=127.0.0.1:0 --data-dir \(records.path)",
            columns: 80
        )
        defer {
            tmux.stop()
            try? FileManager.default.removeItem(at: records)
        }
        let screen = try await tmux.waitForScreen("the board below the web addresses") { $0.contains("c: cancel") && $0.contains("(you)") }
        let lines = screen.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        // The page's address and the control address, each whole on one row of the screen.
        #expect(lines.contains { $0.range(of: #"^web: the race is on http://127\.0\.0\.1:[0-9]+/ "#, options: .regularExpression) != nil }, "\(screen)")
        #expect(lines.contains { $0.range(of: #"^  http://127\.0\.0\.1:[0-9]+/control/[0-9a-f]{32}$"#, options: .regularExpression) != nil }, "\(screen)")
        // No QR row at all (a cut one cannot be scanned), and the line saying how to open the address instead.
        #expect(!screen.contains("▀") && !screen.contains("▄") && !screen.contains("█"), "\(screen)")
        #expect(screen.contains("web: no QR code: it needs"), "\(screen)")
        #expect(screen.contains("open the control address above on your phone"), "\(screen)")
        try tmux.send(keys: "c")
        try tmux.send(keys: "y")
        _ = try await tmux.waitForScreen("the end of the demo") { $0.contains("EXIT=") }
    }

    @Test("an invitation in the text front-end: shown with its keys, accepted with a, then the countdown and the race", .timeLimit(.minutes(2)))
    func acceptWithKey() async throws {
        let binary = try BuildProducts.materunner()
        let (portA, portB) = (try freeUDPPort(), try freeUDPPort())
        let records = FileManager.default.temporaryDirectory.appendingPathComponent("materunner-tmux-\(UUID().uuidString)")
        let tmux = try Tmux(
            command: "\(binary.path) run --name bob --join --port \(portB) --frontend text --speedup 25 --wait 60 --data-dir \(records.path)",
            columns: 80
        )
        defer {
            tmux.stop()
            try? FileManager.default.removeItem(at: records)
        }
        let alice = try ProcessRun.Handle(binary, ["run", "--name", "alice", "--invite", "bob", "--goal", "0.2", "--invite-timeout", "60",
            "--port", "\(portA)", "--peer", "127.0.0.1:\(portB)", "--frontend", "json", "--speedup", "25", "--wait", "30"], input: true)
        let invited = try await tmux.waitForScreen("the invitation") { $0.contains("a: accept  d: decline") }
        #expect(invited.contains("alice"), "\(invited)")
        try tmux.send(keys: "a")
        // Bob is not paired with alice: her person confirms his code too (her invitation frame names him).
        let confirm = try #require(await alice.waitForJSON(type: "invitation", timeout: 30)?["invitation"] as? [String: Any])
        let code = try #require(confirm["code"] as? String)
        #expect(confirm["invitee"] as? String == "bob" && invited.contains(code), "\(confirm)")
        alice.send(#"{"type":"accept","invitation":"\#(try #require(confirm["id"] as? String))"}"#)
        let done = try await tmux.waitForScreen("the end of the race") { $0.contains("EXIT=") }
        #expect(done.contains("EXIT=0"), "\(done)")
        #expect(done.contains("Winner: "), "\(done)")
        let run = await alice.wait(timeout: 60)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(try RaceResult(lines: run.jsonLines()).entries.map(\.name).sorted() == ["alice", "bob"])
    }

    @Test("closing the terminal (SIGHUP) ends the run like Ctrl-C: its stream ends with the result, the run is recorded", .timeLimit(.minutes(2)))
    func terminalClosed() async throws {
        let folder = try RecordsEndToEndTests.temporaryDirectory("hangup")
        defer { try? FileManager.default.removeItem(at: folder) }
        let stream = folder.appendingPathComponent("run.json")
        let log = folder.appendingPathComponent("run.err")
        // A 5 km demo at speed-up 2: far from over when the terminal goes. `exec`: the run is the pane's
        // session leader, the process the kernel sends SIGHUP to when its terminal goes (the signals arrive
        // blocked from this test's process, which leaves them pending for the run's signal sources).
        let tmux = try Tmux(
            command: "exec \(try BuildProducts.materunner().path) demo --goal 5 --speedup 2 --frontend text --json-out \(stream.path) "
                + "--data-dir \(folder.path) 2>\(log.path)",
            columns: 80
        )
        do {
            // The board, once our runner has run some metres.
            _ = try await tmux.waitForScreen("the board") { $0.range(of: #"\(you\) +0\.0[1-9] km"#, options: .regularExpression) != nil }
        } catch {
            tmux.stop()
            throw error
        }
        // The terminal goes away (tmux's server ends: SIGHUP to the pane's process, as when an ssh session drops).
        tmux.stop()
        var lines: [[String: Any]] = []
        let deadline = Date().addingTimeInterval(30)
        while Date() < deadline {
            lines = try TwoLaptopScreensTests.jsonLines(stream)
            if lines.last?["type"] as? String == "result" { break }
            try await Task.sleep(for: .milliseconds(100))
        }
        let result = try #require(lines.last, "nothing in the stream; the log: \((try? String(contentsOf: log, encoding: .utf8)) ?? "")")
        let said = (try? String(contentsOf: log, encoding: .utf8)) ?? ""
        #expect(result["type"] as? String == "result", "the stream ends with \(result); the log: \(said)")
        #expect(TwoLaptopScreensTests.notices(lines).contains("run stopped"), "\(TwoLaptopScreensTests.notices(lines))")
        let records = try await RecordsEndToEndTests.records(folder)
        #expect(records.count == 1, "\(records)")
        #expect((records.first?["distance_m"] as? Double ?? 0) > 0, "\(records)")
    }
}
