import Data
import Foundation
import GRDB
import Testing

/// The schema a records file gets. The migrations' code may be rewritten (as `belongsTo` naming its
/// table was) only as long as the SQL it makes stays what earlier versions made: a file made by one
/// version and a file made by another must hold the same tables.
@Suite("SQLite record store: the schema of a file")
struct RunRecordMigrationTests {
    /// Every table and index a new file had with the migrations as of 32a3560, and v4's `run.isDemo`
    /// (`sqlite_master`, GRDB's and SQLite's own left out).
    static let released: [String: String] = [
        "cheer": #"CREATE TABLE "cheer" ("id" INTEGER PRIMARY KEY AUTOINCREMENT, "runId" TEXT NOT NULL REFERENCES "run"("id") ON DELETE CASCADE, "sender" TEXT NOT NULL, "recipient" TEXT NOT NULL, "emoji" INTEGER NOT NULL, "sentAt" DOUBLE NOT NULL)"#,
        "cheer_on_runId": #"CREATE INDEX "cheer_on_runId" ON "cheer"("runId")"#,
        "result": #"CREATE TABLE "result" ("runId" TEXT NOT NULL REFERENCES "run"("id") ON DELETE CASCADE, "runnerId" TEXT NOT NULL, "runnerName" TEXT NOT NULL, "rank" INTEGER NOT NULL, "distance" DOUBLE NOT NULL, "elapsed" DOUBLE NOT NULL, "finishTime" DOUBLE, "phase" INTEGER NOT NULL, "isMe" BOOLEAN NOT NULL, "isGhost" BOOLEAN NOT NULL DEFAULT 0, PRIMARY KEY ("runId", "runnerId"))"#,
        "result_on_runId": #"CREATE INDEX "result_on_runId" ON "result"("runId")"#,
        "routePoint": #"CREATE TABLE "routePoint" ("id" INTEGER PRIMARY KEY AUTOINCREMENT, "runId" TEXT NOT NULL REFERENCES "run"("id") ON DELETE CASCADE, "latitude" DOUBLE NOT NULL, "longitude" DOUBLE NOT NULL, "time" DOUBLE NOT NULL)"#,
        "routePoint_on_runId": #"CREATE INDEX "routePoint_on_runId" ON "routePoint"("runId")"#,
        "run": #"CREATE TABLE "run" ("id" TEXT PRIMARY KEY NOT NULL, "runnerName" TEXT NOT NULL, "mode" INTEGER NOT NULL, "goalCentimetres" INTEGER NOT NULL, "startedAt" DOUBLE NOT NULL, "distance" DOUBLE NOT NULL, "duration" DOUBLE NOT NULL, "kilocalories" DOUBLE NOT NULL, "status" TEXT NOT NULL, "courseDigest" TEXT, "courseName" TEXT, "courseLapCentimetres" INTEGER, "courseLaps" INTEGER, "isDemo" BOOLEAN NOT NULL DEFAULT 0)"#,
        "run_course": #"CREATE INDEX "run_course" ON "run"("courseDigest", "courseLaps")"#,
        "run_startedAt": #"CREATE INDEX "run_startedAt" ON "run"("startedAt")"#,
        "sample": #"CREATE TABLE "sample" ("id" INTEGER PRIMARY KEY AUTOINCREMENT, "runId" TEXT NOT NULL REFERENCES "run"("id") ON DELETE CASCADE, "runnerId" TEXT NOT NULL, "runnerName" TEXT NOT NULL, "elapsed" DOUBLE NOT NULL, "distance" DOUBLE NOT NULL, "latitude" DOUBLE, "longitude" DOUBLE)"#,
        "sample_on_runId": #"CREATE INDEX "sample_on_runId" ON "sample"("runId")"#,
    ]

    /// Every table and index of the file at `path`, as SQLite keeps them.
    private func schema(at path: String) throws -> [String: String] {
        let queue = try DatabaseQueue(path: path)
        return try queue.read { db in
            let rows = try Row.fetchAll(db, sql: "SELECT name, sql FROM sqlite_master WHERE sql IS NOT NULL AND name NOT LIKE 'grdb%' AND name NOT LIKE 'sqlite%'")
            return Dictionary(uniqueKeysWithValues: rows.map { ($0["name"] as String, $0["sql"] as String) })
        }
    }

    @Test("a new file has the tables, foreign keys and indexes earlier versions made")
    func newFile() throws {
        let directory = try SQLiteRunRecordStoreTests.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        _ = try SQLiteRunRecordStore(directory: directory)
        #expect(try schema(at: directory.appendingPathComponent(SQLiteRunRecordStore.fileName).path) == Self.released)
    }

    @Test("a file of the first version, migrated, has the same")
    func migratedFirstVersion() throws {
        let directory = try SQLiteRunRecordStoreTests.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent(SQLiteRunRecordStore.fileName).path
        try RecordStoreFixture.makeFirstVersion(at: path, runID: "v1-run", startedAt: Date(timeIntervalSince1970: 1_795_158_000))
        _ = try SQLiteRunRecordStore(directory: directory)
        #expect(try schema(at: path) == Self.released)
    }
}
