import Foundation
import GRDB

/// Writes a records file exactly as the first schema version (migration "v1") left it, with plain
/// SQL, so that the store's migration from it is tested against what was really shipped.
enum RecordStoreFixture {
    static func makeFirstVersion(at path: String, runID: String, startedAt: Date) throws {
        let queue = try DatabaseQueue(path: path)
        let statements = [
            #"CREATE TABLE "grdb_migrations" ("identifier" TEXT NOT NULL PRIMARY KEY)"#,
            #"INSERT INTO grdb_migrations VALUES ('v1: runs, route points, samples, results, cheers')"#,
            #"CREATE TABLE "run" ("id" TEXT PRIMARY KEY NOT NULL, "runnerName" TEXT NOT NULL, "mode" INTEGER NOT NULL, "goalCentimetres" INTEGER NOT NULL, "startedAt" DOUBLE NOT NULL, "distance" DOUBLE NOT NULL, "duration" DOUBLE NOT NULL, "kilocalories" DOUBLE NOT NULL, "status" TEXT NOT NULL)"#,
            #"CREATE TABLE "routePoint" ("id" INTEGER PRIMARY KEY AUTOINCREMENT, "runId" TEXT NOT NULL REFERENCES "run"("id") ON DELETE CASCADE, "latitude" DOUBLE NOT NULL, "longitude" DOUBLE NOT NULL, "time" DOUBLE NOT NULL)"#,
            #"CREATE INDEX "routePoint_on_runId" ON "routePoint"("runId")"#,
            #"CREATE TABLE "sample" ("id" INTEGER PRIMARY KEY AUTOINCREMENT, "runId" TEXT NOT NULL REFERENCES "run"("id") ON DELETE CASCADE, "runnerId" TEXT NOT NULL, "runnerName" TEXT NOT NULL, "elapsed" DOUBLE NOT NULL, "distance" DOUBLE NOT NULL)"#,
            #"CREATE INDEX "sample_on_runId" ON "sample"("runId")"#,
            #"CREATE TABLE "result" ("runId" TEXT NOT NULL REFERENCES "run"("id") ON DELETE CASCADE, "runnerId" TEXT NOT NULL, "runnerName" TEXT NOT NULL, "rank" INTEGER NOT NULL, "distance" DOUBLE NOT NULL, "elapsed" DOUBLE NOT NULL, "finishTime" DOUBLE, "phase" INTEGER NOT NULL, "isMe" BOOLEAN NOT NULL, PRIMARY KEY ("runId", "runnerId"))"#,
            #"CREATE INDEX "result_on_runId" ON "result"("runId")"#,
            #"CREATE TABLE "cheer" ("id" INTEGER PRIMARY KEY AUTOINCREMENT, "runId" TEXT NOT NULL REFERENCES "run"("id") ON DELETE CASCADE, "sender" TEXT NOT NULL, "recipient" TEXT NOT NULL, "emoji" INTEGER NOT NULL, "sentAt" DOUBLE NOT NULL)"#,
            #"CREATE INDEX "cheer_on_runId" ON "cheer"("runId")"#,
            "INSERT INTO run VALUES ('\(runID)', 'alice', 1, 250000, \(startedAt.timeIntervalSince1970), 2500, 900, 180, 'finished')",
        ]
        try queue.write { db in
            for statement in statements { try db.execute(sql: statement) }
        }
    }

    /// A records file exactly as the second schema version (migrations "v1" and "v2", the schema before
    /// courses and ghosts) left it: a race with two results, two samples and a route point.
    static func makeSecondVersion(at path: String, runID: String, startedAt: Date) throws {
        try makeFirstVersion(at: path, runID: runID, startedAt: startedAt)
        let queue = try DatabaseQueue(path: path)
        let statements = [
            #"INSERT INTO grdb_migrations VALUES ('v2: index runs by start time')"#,
            #"CREATE INDEX "run_startedAt" ON "run"("startedAt")"#,
            "INSERT INTO result VALUES ('\(runID)', '00000000000000a1', 'alice', 1, 2500, 900, 900, 2, 1)",
            "INSERT INTO result VALUES ('\(runID)', '00000000000000b2', 'bob', 2, 2400, 900, NULL, 1, 0)",
            "INSERT INTO sample (runId, runnerId, runnerName, elapsed, distance) VALUES ('\(runID)', '00000000000000a1', 'alice', 450, 1250)",
            "INSERT INTO sample (runId, runnerId, runnerName, elapsed, distance) VALUES ('\(runID)', '00000000000000a1', 'alice', 900, 2500)",
            "INSERT INTO routePoint (runId, latitude, longitude, time) VALUES ('\(runID)', 46.0, 14.5, \(startedAt.timeIntervalSince1970 + 1))",
        ]
        try queue.write { db in
            for statement in statements { try db.execute(sql: statement) }
        }
    }
}
