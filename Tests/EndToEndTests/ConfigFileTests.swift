import Foundation
import MateRunnerTesting
import Testing

/// config.toml and MATERUNNER_* variables, through the real binary (docs/CONFIG.md).
@Suite("End to end: config files", .serialized)
struct ConfigFileTests {
    /// A folder for XDG_CONFIG_HOME holding `materunner/config.toml` with `text`.
    private func configHome(_ text: String) throws -> URL {
        let home = FileManager.default.temporaryDirectory.appendingPathComponent("materunner-config-\(UUID().uuidString)")
        let folder = home.appendingPathComponent("materunner")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try text.write(to: folder.appendingPathComponent("config.toml"), atomically: true, encoding: .utf8)
        return home
    }

    @Test("two profiles of one file drive a whole loopback race: no flag but --profile")
    func profileDrivesARace() async throws {
        let binary = try BuildProducts.materunner()
        let (portA, portB) = (try freeUDPPort(), try freeUDPPort())
        let home = try configHome("""
            # what every run shares
            frontend = "json"

            [run]
            goal = 0.3
            speedup = 25
            wait = 30

            [profiles.alice.run]
            name = "alice"
            port = \(portA)
            peer = ["127.0.0.1:\(portB)"]
            pace = "5:00"
            seed = 1

            [profiles.bob]
            name = "bob"

            [profiles.bob.run]
            port = \(portB)
            peer = ["127.0.0.1:\(portA)"]
            pace = "5:40"
            seed = 2
            """)
        let environment = ["XDG_CONFIG_HOME": home.path]
        let alice = try ProcessRun.Handle(binary, ["run", "--profile", "alice"], environment: environment)
        let bob = try ProcessRun.Handle(binary, ["run", "--profile", "bob"], environment: environment)
        let runs = [await alice.wait(timeout: 90), await bob.wait(timeout: 90)]
        for run in runs {
            #expect(!run.timedOut && run.status == 0, "exit \(run.status): \(run.stderr)")
        }
        let results = try runs.map { try RaceResult(lines: try $0.jsonLines()) }
        #expect(results[0] == results[1])
        #expect(results[0].entries.map(\.name).sorted() == ["alice", "bob"])
        for entry in results[0].entries { #expect(entry.state == "finished" && entry.distanceMetres >= 300, "\(entry)") }
    }

    @Test("precedence: the command line beats MATERUNNER_*, which beats the user's file, which beats the system's")
    func precedence() async throws {
        let binary = try BuildProducts.materunner()
        let home = try configHome("""
            [demo]
            goal = 0.2
            seed = 7
            """)
        let system = home.appendingPathComponent("system.toml")
        try """
            frontend = "json"
            [demo]
            goal = 0.9
            speedup = 500
            seed = 3
            """.write(to: system, atomically: true, encoding: .utf8)
        /// The goal of a demo's first status frame, in metres.
        func goal(_ arguments: [String], _ environment: [String: String]) async throws -> Double? {
            var all = ["XDG_CONFIG_HOME": home.path, "MATERUNNER_SYSTEM_CONFIG": system.path]
            all.merge(environment) { $1 }
            let run = await (try ProcessRun.Handle(binary, ["demo"] + arguments, environment: all)).wait(timeout: 90)
            #expect(run.status == 0, "\(run.stderr)")
            return try run.jsonLines().first { $0["type"] as? String == "status" }?["goal_m"] as? Double
        }
        // The user's file beats the system's (goal), the system's fills what the user's leaves (frontend, speedup).
        #expect(try await goal([], [:]) == 200)
        // A variable beats both files.
        #expect(try await goal([], ["MATERUNNER_GOAL": "0.3"]) == 300)
        // The command line beats the variable.
        #expect(try await goal(["--goal", "0.4"], ["MATERUNNER_GOAL": "0.3"]) == 400)
    }

    @Test("a bad config names the file, the line and the key, and ends with exit 78")
    func badConfig() async throws {
        let binary = try BuildProducts.materunner()
        let home = try configHome("""
            # line 1
            frontend = "json"

            [run]
            nmae = "pi"
            """)
        let file = home.appendingPathComponent("materunner/config.toml").path
        let run = await (try ProcessRun.Handle(binary, ["demo"], environment: ["XDG_CONFIG_HOME": home.path])).wait(timeout: 30)
        #expect(run.status == 78)
        #expect(run.stderr.hasPrefix("materunner: error: \(file) line 5, key nmae: materunner run has no option --nmae"), "\(run.stderr)")

        let badValue = try configHome("[demo]\nspeedup = 5000\n")
        let refused = await (try ProcessRun.Handle(binary, ["demo"], environment: ["XDG_CONFIG_HOME": badValue.path])).wait(timeout: 30)
        #expect(refused.status == 78)
        #expect(refused.stderr.contains("config.toml line 2, key speedup: "), "\(refused.stderr)")

        let syntax = try configHome("[run]\nname = \"pi\nwait = 3\n")
        let broken = await (try ProcessRun.Handle(binary, ["demo"], environment: ["XDG_CONFIG_HOME": syntax.path])).wait(timeout: 30)
        #expect(broken.status == 78)
        #expect(broken.stderr.contains("config.toml line 2: not valid TOML"), "\(broken.stderr)")

        let good = try configHome("frontend = \"json\"\n[profiles.pi]\n")
        let unknown = await (try ProcessRun.Handle(binary, ["demo", "--profile", "nope"], environment: ["XDG_CONFIG_HOME": good.path])).wait(timeout: 30)
        #expect(unknown.status == 64)
        #expect(unknown.stderr.contains("no profile \"nope\""), "\(unknown.stderr)")
    }

    @Test("records, records list/totals and export take the data directory from a profile, the file and MATERUNNER_*; an unknown profile fails")
    func recordsTakeTheLayers() async throws {
        let binary = try BuildProducts.materunner()
        let board = FileManager.default.temporaryDirectory.appendingPathComponent("materunner-board-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: board) }
        let demo = await (try ProcessRun.Handle(binary, ["demo", "--goal", "0.05", "--speedup", "50", "--frontend", "json",
                                                        "--data-dir", board.path])).wait(timeout: 90)
        #expect(demo.status == 0, "\(demo.stderr)")
        let home = try configHome("[profiles.board]\ndata-dir = \"\(board.path)\"\n")
        let environment = ["XDG_CONFIG_HOME": home.path]
        /// The runs `arguments` lists (one JSON line each), after checking it exits 0.
        func list(_ arguments: [String], _ environment: [String: String]) async throws -> [[String: Any]] {
            let run = await (try ProcessRun.Handle(binary, arguments, environment: environment)).wait(timeout: 30)
            #expect(run.status == 0, "\(arguments): exit \(run.status) \(run.stderr)")
            return try run.jsonLines()
        }
        func runs(_ arguments: [String], _ environment: [String: String]) async throws -> Int {
            try await list(arguments, environment).count
        }
        let id = try #require(try await list(["records", "list", "--json", "--data-dir", board.path], [:]).first?["id"] as? String)
        for arguments in [["records", "--json"], ["records", "list", "--json"]] {
            #expect(try await runs(arguments + ["--profile", "board"], environment) == 1, "\(arguments)")
            #expect(try await runs(arguments, ["MATERUNNER_DATA_DIR": board.path]) == 1, "\(arguments) with MATERUNNER_DATA_DIR")
            #expect(try await runs(arguments, environment) == 0, "\(arguments) without the profile reads the default folder")
        }
        let totals = await (try ProcessRun.Handle(binary, ["records", "totals", "--json", "--profile", "board"], environment: environment)).wait(timeout: 30)
        #expect(totals.status == 0 && totals.stdout.contains("\"lifetime\""), "\(totals.stdout) \(totals.stderr)")
        let gpx = board.appendingPathComponent("run.gpx")
        let export = await (try ProcessRun.Handle(binary, ["export", id, "--gpx", gpx.path, "--profile", "board"], environment: environment)).wait(timeout: 30)
        #expect(export.status == 0 && FileManager.default.fileExists(atPath: gpx.path), "\(export.stderr)")

        for arguments in [["records", "--profile", "nosuch"], ["records", "totals", "--profile", "nosuch"], ["export", id, "--gpx", gpx.path, "--profile", "nosuch"]] {
            let unknown = await (try ProcessRun.Handle(binary, arguments, environment: environment)).wait(timeout: 30)
            #expect(unknown.status == 64, "\(arguments): exit \(unknown.status)")
            #expect(unknown.stderr.contains("no profile \"nosuch\""), "\(arguments): \(unknown.stderr)")
        }
    }

    @Test("a value error names its own file, line and key; a command-line mistake is a usage error, not blamed on the file")
    func blameTheRightPlace() async throws {
        let binary = try BuildProducts.materunner()
        let run = try configHome("""
            [run]
            name = "pi"
            speedup = 5000
            """)
        let refused = await (try ProcessRun.Handle(binary, ["run"], environment: ["XDG_CONFIG_HOME": run.path])).wait(timeout: 30)
        #expect(refused.status == 78, "\(refused.stderr)")
        #expect(refused.stderr.contains("config.toml line 3, key speedup: --speedup must be between 1 and 1000"), "\(refused.stderr)")

        let clock = try configHome("""
            # the board's clock
            [clock]
            tick = 1
            count = 1
            """)
        let typed = await (try ProcessRun.Handle(binary, ["clock", "--zones", "Mars/Olympus"], environment: ["XDG_CONFIG_HOME": clock.path])).wait(timeout: 30)
        #expect(typed.status == 64, "\(typed.stderr)")
        #expect(typed.stderr.contains("Mars/Olympus") && !typed.stderr.contains("config.toml"), "\(typed.stderr)")

        let zones = try configHome("""
            [clock]
            count = 1

            zones = "Mars/Olympus"
            """)
        let filed = await (try ProcessRun.Handle(binary, ["clock"], environment: ["XDG_CONFIG_HOME": zones.path])).wait(timeout: 30)
        #expect(filed.status == 78, "\(filed.stderr)")
        #expect(filed.stderr.contains("config.toml line 4, key zones: unknown time zone Mars/Olympus"), "\(filed.stderr)")
    }
}
