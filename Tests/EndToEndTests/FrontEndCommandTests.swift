import Foundation
import MateRunnerTesting
import Testing

/// Front-ends through the real binary: the catalog, a third-party C front-end, the JSON stream to a
/// file validated against the schema, and the world clock.
@Suite("End to end: front-ends")
struct FrontEndCommandTests {
    static let root = Fixtures.packageRoot

    /// Builds examples/c-frontend with its Makefile into a fresh folder; returns that folder.
    static func buildCExample() throws -> URL {
        let out = FileManager.default.temporaryDirectory.appendingPathComponent("materunner-e2e-ticker-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: out, withIntermediateDirectories: true)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["make", "-s", "-C", root.appendingPathComponent("examples/c-frontend").path, "OUT=\(out.path)"]
        try process.run()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else { throw TestFailure("make could not build examples/c-frontend") }
        return out
    }

    static func validate(_ file: URL) throws -> (status: Int32, output: String) {
        let process = Process()
        let pipe = Pipe()
        process.executableURL = root.appendingPathComponent("scripts/validate-frames")
        process.arguments = [file.path]
        process.standardOutput = pipe
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: data, as: UTF8.self))
    }

    @Test("frontends lists the shipped ones and those on MATERUNNER_FRONTEND_PATH unloaded; named ones with versions")
    func catalog() async throws {
        let folder = try Self.buildCExample()
        let environment = ["MATERUNNER_FRONTEND_PATH": folder.path]
        let run = try await ProcessRun.run(try BuildProducts.materunner(), ["frontends"], environment: environment)
        #expect(run.status == 0, "\(run.stderr)")
        let lines = run.stdout.split(separator: "\n").map(String.init)
        #expect(lines.contains("  \(folder.path)"))
        let ticker = folder.appendingPathComponent("libticker.so").path
        #expect(lines.contains("  ticker  \(ticker): not loaded (materunner frontends ticker loads it)"), "\(run.stdout)")
        for name in ["text", "json", "clock"] {
            #expect(lines.contains { $0.hasPrefix("  \(name)  ") && $0.hasSuffix("not loaded (materunner frontends \(name) loads it)") }, "\(name) missing from \(run.stdout)")
        }

        let named = try await ProcessRun.run(try BuildProducts.materunner(), ["frontends", "ticker", "text", "json", "clock"], environment: environment)
        #expect(named.status == 0, "\(named.stderr)")
        let loaded = named.stdout.split(separator: "\n").map(String.init)
        #expect(loaded.contains("  ticker 1.0.0 (ABI 1)  \(ticker)"), "\(named.stdout)")
        for name in ["text 0.2.0", "json 0.2.0", "clock 0.1.0"] {
            #expect(loaded.contains { $0.hasPrefix("  \(name) (ABI 1)  ") }, "\(name) missing from \(named.stdout)")
        }
    }

    @Test("the C example, built with its Makefile, draws a demo race through the real binary")
    func cExampleInTheBinary() async throws {
        let library = try Self.buildCExample().appendingPathComponent("libticker.so")
        let run = try await ProcessRun.run(
            try BuildProducts.materunner(), ["demo", "--goal", "0.2", "--speedup", "50", "--frontend", library.path]
        )
        #expect(run.status == 0, "\(run.stderr)")
        let lines = run.stdout.split(separator: "\n")
        // The first status: its elapsed time is read when the frame is made ("00:00" on an idle machine; at
        // --speedup 50 a busy one may draw it a few race seconds in).
        #expect(lines.first?.wholeMatch(of: /ticker \d\d:\d\d .*/) != nil, "\(run.stdout.prefix(300))")
        #expect(lines.last?.contains(" wins in ") == true, "\(lines.last ?? "")")
        #expect(lines.dropLast().allSatisfy { $0.hasPrefix("ticker ") })
    }

    @Test("text on standard output and the JSON stream in --json-out: a whole race validates against the schema")
    func jsonOutValidates() async throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("materunner-race-\(UUID().uuidString).ndjson")
        defer { try? FileManager.default.removeItem(at: file) }
        let run = try await ProcessRun.run(
            try BuildProducts.materunner(),
            // 1 km: about 6.4 s of real time, so that a race slowed to a status frame every 500 ms by the
            // overload watch (every suite at once on a loaded CI machine) still draws more than 10 frames.
            ["demo", "--goal", "1", "--speedup", "50", "--frontend", "text", "--json-out", file.path, "--log-level", "info"]
        )
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.contains("Winner: "))
        #expect(!run.stdout.contains("{"))
        let stream = try String(contentsOf: file, encoding: .utf8)
        let lines = stream.split(separator: "\n")
        #expect(lines.count > 10)
        #expect(stream.hasSuffix("\n"))
        #expect(lines.last?.contains(#""type":"result""#) == true)
        let validation = try Self.validate(file)
        #expect(validation.status == 0, "\(validation.output.prefix(2000))")
        #expect(validation.output == "\(lines.count) frames valid\n")
        // A runner's positions and names: readable by its owner only, as the records are.
        let mode = try FileManager.default.attributesOfItem(atPath: file.path)[.posixPermissions] as? Int
        #expect(mode == 0o600, "--json-out made mode \(String(mode ?? 0, radix: 8))")
    }

    @Test("--json-out to a folder that does not exist cannot be created: exit 73 (EX_CANTCREAT), naming it")
    func jsonOutUnwritable() async throws {
        let run = try await ProcessRun.run(
            try BuildProducts.materunner(), ["demo", "--frontend", "json", "--json-out", "/nonexistent/race.ndjson"]
        )
        #expect(run.status == 73)
        #expect(run.stderr.contains("cannot write --json-out /nonexistent/race.ndjson"), "\(run.stderr)")
    }

    @Test("the world clock: one JSON line per reading, zones in the order asked, valid against the schema")
    func clock() async throws {
        let run = try await ProcessRun.run(
            try BuildProducts.materunner(),
            ["clock", "--zones", "Europe/Paris,Asia/Seoul,UTC", "--frontend", "json", "--count", "2", "--tick", "0.05"]
        )
        #expect(run.status == 0, "\(run.stderr)")
        let frames = try run.jsonLines()
        #expect(frames.count == 2)
        let clock = try #require(frames.first?["clock"] as? [String: Any])
        #expect((clock["zones"] as? [[String: Any]])?.compactMap { $0["zone"] as? String } == ["Europe/Paris", "Asia/Seoul", "UTC"])
        #expect(clock["source"] as? String == "system clock")
        #expect(clock["uncertainty"] as? String == "unknown")
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("materunner-clock-\(UUID().uuidString).ndjson")
        defer { try? FileManager.default.removeItem(at: file) }
        try run.stdout.write(to: file, atomically: true, encoding: .utf8)
        #expect(try Self.validate(file).status == 0)
    }

    @Test("the world clock on a file draws one block with every zone; unknown zones are a usage error")
    func clockText() async throws {
        let run = try await ProcessRun.run(try BuildProducts.materunner(), ["clock", "--zones", "Asia/Seoul,UTC"])
        #expect(run.status == 0, "\(run.stderr)")
        let lines = run.stdout.split(separator: "\n")
        #expect(lines.count == 4)
        #expect(lines.first == "World clock: today")
        #expect(lines[2].hasPrefix("Asia/Seoul  ") && lines[2].hasSuffix("UTC+09:00"))
        let bad = try await ProcessRun.run(try BuildProducts.materunner(), ["clock", "--zones", "Asia/Seoul,Mars/Base"])
        #expect(bad.status == 64)
        #expect(bad.stderr.contains("unknown time zone Mars/Base"), "\(bad.stderr)")
    }
}
