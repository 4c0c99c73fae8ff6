import Data
import Domain
import Foundation
import Testing

/// Who may read the records: the data directory is created 0700 and records.sqlite (and SQLite's
/// companion files) 0600; an existing directory others may enter is warned about, existing files that
/// others could read are tightened, and the store says which (docs/RECORDS.md, "Permissions").
@Suite("SQLite record store: file permissions")
struct RecordFilePermissionTests {
    private static func mode(_ path: String) throws -> Int {
        try #require(try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int)
    }

    private static func scratch() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("materunner-perms-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    @Test("a new data directory is 0700 and records.sqlite 0600, even under umask 022; nothing to warn about")
    func newFiles() throws {
        let scratch = try Self.scratch()
        defer { try? FileManager.default.removeItem(at: scratch) }
        let directory = scratch.appendingPathComponent("deep/materunner")
        let store = try SQLiteRunRecordStore(directory: directory)
        try store.begin(RunRecord(id: "r1", runnerName: "alice", terms: RaceTerms(mode: .single, goal: .standard), startedAt: Date()))
        #expect(try Self.mode(directory.path) == 0o700)
        #expect(try Self.mode(store.path) == 0o600)
        for suffix in ["-wal", "-shm", "-journal"] where FileManager.default.fileExists(atPath: store.path + suffix) {
            #expect(try Self.mode(store.path + suffix) == 0o600, "\(suffix)")
        }
        #expect(store.permissionWarnings.isEmpty)
        #expect(try SQLiteRunRecordStore(directory: directory).permissionWarnings.isEmpty)
    }

    @Test("existing records files others could read are tightened to 0600, and the store says so")
    func tightensFiles() throws {
        let directory = try Self.scratch()
        defer { try? FileManager.default.removeItem(at: directory) }
        try FileManager.default.setAttributes([.posixPermissions: 0o700], ofItemAtPath: directory.path)
        let path = try SQLiteRunRecordStore(directory: directory).path
        try FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: path)
        try Data().write(to: URL(fileURLWithPath: path + "-wal"))
        try FileManager.default.setAttributes([.posixPermissions: 0o666], ofItemAtPath: path + "-wal")
        let store = try SQLiteRunRecordStore(directory: directory)
        #expect(try Self.mode(path) == 0o600)
        #expect(try Self.mode(path + "-wal") == 0o600)
        #expect(store.permissionWarnings == [
            "the records file \(path) could be read by other users (mode 0644): tightened to 0600",
            "the records file \(path)-wal could be read by other users (mode 0666): tightened to 0600",
        ])
    }

    @Test("an existing directory others may enter is left as it is, with a warning saying what to run")
    func warnsAboutDirectory() throws {
        let directory = try Self.scratch()
        defer { try? FileManager.default.removeItem(at: directory) }
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: directory.path)
        let store = try SQLiteRunRecordStore(directory: directory)
        #expect(try Self.mode(directory.path) == 0o755)
        #expect(store.permissionWarnings == [
            "the records directory \(directory.path) can be entered by other users (mode 0755): run chmod 700 \(directory.path)",
        ])
    }
}
