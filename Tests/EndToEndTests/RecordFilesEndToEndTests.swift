import Foundation
import MateRunnerTesting
import Testing

/// The records files of a real `materunner demo`: created for their owner only, and a value damaged in
/// the file afterwards (with Python's sqlite3, as a hand edit would) gives `records` a clear error and
/// exit 1, never a crash (SIGILL, exit 132).
@Suite("End to end: records files")
struct RecordFilesEndToEndTests {
    private static func mode(_ path: String) throws -> Int {
        try #require(try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int)
    }

    private static func sqlite(_ file: String, _ sql: String) throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", "-c", "import sqlite3, sys; c = sqlite3.connect(sys.argv[1]); c.executescript(sys.argv[2]); c.commit()", file, sql]
        try process.run()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0, "python3 sqlite3 failed")
    }

    @Test("demo creates the data directory 0700 and records.sqlite 0600; a damaged value: records exits 65 (bad data) saying which, no crash")
    func permissionsAndDamage() async throws {
        let binary = try BuildProducts.materunner()
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("materunner-recfiles-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: scratch) }
        let dataDir = scratch.appendingPathComponent("data")
        let demo = try await ProcessRun.run(binary, ["demo", "--goal", "0.05", "--speedup", "50", "--frontend", "json", "--data-dir", dataDir.path])
        #expect(demo.status == 0, "\(demo.stderr)")
        #expect(!demo.stderr.contains("warning"), "\(demo.stderr)")
        let file = dataDir.appendingPathComponent("records.sqlite").path
        #expect(try Self.mode(dataDir.path) == 0o700)
        #expect(try Self.mode(file) == 0o600)

        try Self.sqlite(file, "UPDATE run SET distance = 1e300; UPDATE result SET elapsed = -4")
        for arguments in [["records"], ["records", "--json"], ["records", "totals"]] {
            let run = try await ProcessRun.run(binary, arguments + ["--data-dir", dataDir.path], timeout: 30)
            #expect(run.status == 65, "\(arguments): exit \(run.status) \(run.stderr)")
            #expect(run.stderr.hasPrefix("materunner: error: the records database"), "\(arguments): \(run.stderr)")
            #expect(run.stderr.contains("holds an impossible value in run"), "\(arguments): \(run.stderr)")
            #expect(!run.stderr.contains("crashed"), "\(arguments): \(run.stderr)")
        }
    }

    @Test("text from the records file quoted in an error reaches stderr with its escape sequences escaped")
    func escapedInTheLog() async throws {
        let binary = try BuildProducts.materunner()
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("materunner-recfiles-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: scratch) }
        let demo = try await ProcessRun.run(binary, ["demo", "--goal", "0.05", "--speedup", "50", "--frontend", "json", "--data-dir", scratch.path])
        #expect(demo.status == 0, "\(demo.stderr)")
        let file = scratch.appendingPathComponent("records.sqlite").path
        try Self.sqlite(file, "UPDATE run SET id = 'x' || char(27) || ']0;pwned' || char(7) || char(10) || 'forged', distance = 1e300")
        let run = try await ProcessRun.run(binary, ["records", "--data-dir", scratch.path], timeout: 30)
        #expect(run.status == 65, "\(run.stderr)")
        #expect(run.stderr.contains(#"impossible value in run x\e]0;pwned\u{7}\nforged: run.distance"#), "\(run.stderr)")
        #expect(!run.stderr.unicodeScalars.contains { $0.value == 0x1B || $0.value == 0x07 }, "\(run.stderr.debugDescription)")
    }
}
