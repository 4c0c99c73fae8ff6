import GRDB

/// The record store's schema, from its first version on. A migration, once released, never changes the
/// SQL it makes: a change is a new migration appended here (docs/RECORDS.md lists them).
///
/// Each `belongsTo` names its table (`inTable:`): without it GRDB looks for the table and checks for a
/// self-reference through its English inflections, 102 ICU regular expressions compiled on a new file's
/// first open (11.8 M instructions and 1.8 MiB of resident memory at a first run). The SQL is the same:
/// `RunRecordMigrationTests` holds to the schema earlier versions made.
enum RunRecordMigrations {
    /// Applies the migrations the file lacks. Two processes opening a new file at the same moment (two
    /// runs on one machine) both see it unmigrated; the second then fails on what the first created.
    /// Each migration is one transaction, so the second simply looks again and applies what is left.
    static func migrate(_ writer: some DatabaseWriter) throws {
        var attempt = 1
        while true {
            do {
                return try migrator.migrate(writer)
            } catch let error as DatabaseError where error.resultCode == .SQLITE_ERROR && attempt < 5 {
                attempt += 1
            }
        }
    }

    /// The migrations in order; GRDB keeps the applied ones in `grdb_migrations`.
    static var migrator: DatabaseMigrator {
        var migrator = DatabaseMigrator()
        migrator.registerMigration("v1: runs, route points, samples, results, cheers") { db in
            try db.create(table: RunRow.databaseTableName) { table in
                table.primaryKey("id", .text)
                table.column("runnerName", .text).notNull()
                table.column("mode", .integer).notNull()
                table.column("goalCentimetres", .integer).notNull()
                table.column("startedAt", .double).notNull()
                table.column("distance", .double).notNull()
                table.column("duration", .double).notNull()
                table.column("kilocalories", .double).notNull()
                table.column("status", .text).notNull()
            }
            try db.create(table: RoutePointRow.databaseTableName) { table in
                table.autoIncrementedPrimaryKey("id")
                table.belongsTo(RunRow.databaseTableName, inTable: RunRow.databaseTableName, onDelete: .cascade).notNull()
                table.column("latitude", .double).notNull()
                table.column("longitude", .double).notNull()
                table.column("time", .double).notNull()
            }
            try db.create(table: SampleRow.databaseTableName) { table in
                table.autoIncrementedPrimaryKey("id")
                table.belongsTo(RunRow.databaseTableName, inTable: RunRow.databaseTableName, onDelete: .cascade).notNull()
                table.column("runnerId", .text).notNull()
                table.column("runnerName", .text).notNull()
                table.column("elapsed", .double).notNull()
                table.column("distance", .double).notNull()
            }
            try db.create(table: ResultRow.databaseTableName) { table in
                table.belongsTo(RunRow.databaseTableName, inTable: RunRow.databaseTableName, onDelete: .cascade).notNull()
                table.column("runnerId", .text).notNull()
                table.column("runnerName", .text).notNull()
                table.column("rank", .integer).notNull()
                table.column("distance", .double).notNull()
                table.column("elapsed", .double).notNull()
                table.column("finishTime", .double)
                table.column("phase", .integer).notNull()
                table.column("isMe", .boolean).notNull()
                table.primaryKey(["runId", "runnerId"])
            }
            try db.create(table: CheerRow.databaseTableName) { table in
                table.autoIncrementedPrimaryKey("id")
                table.belongsTo(RunRow.databaseTableName, inTable: RunRow.databaseTableName, onDelete: .cascade).notNull()
                table.column("sender", .text).notNull()
                table.column("recipient", .text).notNull()
                table.column("emoji", .integer).notNull()
                table.column("sentAt", .double).notNull()
            }
        }
        migrator.registerMigration("v2: index runs by start time") { db in
            try db.create(index: "run_startedAt", on: RunRow.databaseTableName, columns: ["startedAt"])
        }
        migrator.registerMigration("v3: courses, ghosts, places on the course") { db in
            try db.alter(table: RunRow.databaseTableName) { table in
                table.add(column: "courseDigest", .text)
                table.add(column: "courseName", .text)
                table.add(column: "courseLapCentimetres", .integer)
                table.add(column: "courseLaps", .integer)
            }
            try db.create(index: "run_course", on: RunRow.databaseTableName, columns: ["courseDigest", "courseLaps"])
            try db.alter(table: ResultRow.databaseTableName) { table in
                table.add(column: "isGhost", .boolean).notNull().defaults(to: false)
            }
            try db.alter(table: SampleRow.databaseTableName) { table in
                table.add(column: "latitude", .double)
                table.add(column: "longitude", .double)
            }
        }
        migrator.registerMigration("v4: demo runs") { db in
            try db.alter(table: RunRow.databaseTableName) { table in
                table.add(column: "isDemo", .boolean).notNull().defaults(to: false)
            }
        }
        return migrator
    }
}
