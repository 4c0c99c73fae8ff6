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
            #"CREATE TABLE "cheer" ("id" INTEGER PRIMARY KEY AUTOINCREMENT, "runId" TEXT NOT NULL REFERENCES "run"("id") ON DELETE CASCADE, "sender" TEXT NOT NULL, "recipient" TEXT NOT NULL, "emoji" INTEGER NOT NULL, "sentAt" DOUBLE NOT NULL)"#,
            #"CREATE INDEX "cheer_on_runId" ON "cheer"("runId")"#,
            "INSERT INTO run VALUES ('\(runID)', 'alice', 1, 250000, \(startedAt.timeIntervalSince1970), 2500, 900, 180, 'finished')",
        ]
        try queue.write { db in
            for statement in statements { try db.execute(sql: statement) }
        }
    }
}
