import Domain
import Foundation
import GRDB

/// The run records in one SQLite file (`records.sqlite` in the data directory), through GRDB. Every
/// write is one transaction; opening applies the migrations the file lacks.
public final class SQLiteRunRecordStore: RunRecordRepository {
    /// The database file's name inside the data directory.
    public static let fileName = "records.sqlite"

    /// The database file.
    public let path: String
    /// What opening found about permissions, one line each: a directory others may enter (left as it
    /// is), records files others could read (tightened to 0600). For the caller to log as warnings.
    public let permissionWarnings: [String]
    private let queue: DatabaseQueue

    /// Opens (creating the directory, mode 0700, and the file, mode 0600, if needed) and migrates the
    /// store in `directory`. Throws a `RecordStoreError` saying what to do when they cannot be used.
    public init(directory: URL) throws(RecordStoreError) {
        path = directory.appendingPathComponent(Self.fileName).path
        var warnings: [String]
        do {
            warnings = try DataDirectory.prepare(directory)
        } catch {
            throw .directoryNotWritable(path: directory.path, reason: Self.reason(error))
        }
        let path = self.path
        // SQLite gives its -wal, -shm and -journal files the database file's mode when it creates them.
        warnings += [DataDirectory.secureFile(path, create: true)].compactMap { $0 }
        warnings += ["-wal", "-shm", "-journal"].compactMap { DataDirectory.secureFile(path + $0, create: false) }
        permissionWarnings = warnings
        do {
            var configuration = Configuration()
            configuration.busyMode = .timeout(5)
            queue = try DatabaseQueue(path: path, configuration: configuration)
            // Write-ahead logging: a checkpoint (every few seconds of a run) is one append and one fsync
            // of the -wal file, where the rollback journal created, synced and deleted a file each time;
            // and `records` can read while a run writes. Kept in the file once set.
            try Self.useWriteAheadLog(queue)
            try RunRecordMigrations.migrate(queue)
        } catch {
            throw Self.storeError(error, path: path)
        }
    }

    /// Puts the file in write-ahead-log mode unless it is already. Switching needs the file to itself,
    /// and SQLite answers `SQLITE_BUSY` at once, without waiting out the busy timeout, when another
    /// connection opening the same new file holds it: then it tries again, for up to 5 s.
    static func useWriteAheadLog(_ queue: DatabaseQueue) throws {
        let deadline = Date().addingTimeInterval(5)
        while true {
            do {
                let mode = try queue.writeWithoutTransaction { try String.fetchOne($0, sql: "PRAGMA journal_mode") }
                if mode?.lowercased() == "wal" { return }
                try queue.writeWithoutTransaction { try $0.execute(sql: "PRAGMA journal_mode = WAL") }
                return
            } catch let error as DatabaseError where error.resultCode == .SQLITE_BUSY && Date() < deadline {
                Thread.sleep(forTimeInterval: 0.02)
            }
        }
    }

    /// The names of the migrations applied to the file, oldest first.
    public func appliedMigrations() throws(RecordStoreError) -> [String] {
        try access { try RunRecordMigrations.migrator.appliedIdentifiers($0) }.sorted()
    }

    // MARK: RunRecordRepository

    /// Inserts the run's row (see `RunRecordRepository.begin`).
    public func begin(_ record: RunRecord) throws {
        try write { try RunRow(record).insert($0) }
    }

    /// Appends and replaces in one transaction (see `RunRecordRepository.save`).
    public func save(_ checkpoint: RunCheckpoint) throws {
        try write { db in
            // A checkpoint of a run that has no row (never begun, or deleted meanwhile) writes nothing.
            guard try RunRow.updateProgress(checkpoint, db) else { return }
            let runID = checkpoint.runID
            try RoutePointRow.insert(checkpoint.route, runID: runID, db)
            try SampleRow.insert(checkpoint.samples, runID: runID, db)
            for cheer in checkpoint.cheers { try CheerRow(runID: runID, cheer: cheer).insert(db) }
            if !checkpoint.results.isEmpty {
                try ResultRow.replace(with: checkpoint.results, runID: runID, db)
            }
        }
    }

    /// Every run, newest first.
    public func allRecords() throws -> [RunRecord] {
        try access { db in
            try RunRow.order(Column("startedAt").desc, Column("id").desc).fetchAll(db).map { try Self.load($0, db, path: path) }
        }
    }

    /// One run by id.
    public func record(id: String) throws -> RunRecord? {
        try access { db in try RunRow.fetchOne(db, key: id).map { try Self.load($0, db, path: path) } }
    }

    /// The runs on one course (digest and laps), newest first, through the `run_course` index.
    public func records(onCourse course: CourseTerms) throws -> [RunRecord] {
        try access { db in
            try RunRow.filter(Column("courseDigest") == course.digest && Column("courseLaps") == course.laps)
                .order(Column("startedAt").desc, Column("id").desc)
                .fetchAll(db).map { try Self.load($0, db, path: path) }
        }
    }

    // MARK: Helpers

    /// The record of `run`; a `RecordStoreError.invalidValue` naming the run and column when a number
    /// in it is impossible (docs/RECORDS.md, "Damaged values").
    private static func load(_ run: RunRow, _ db: Database, path: String) throws -> RunRecord {
        let mine = Column("runId") == run.id
        do {
            return try run.toDomain(
                route: try RoutePointRow.filter(mine).order(Column("id")).fetchAll(db),
                results: try ResultRow.filter(mine).fetchAll(db).sorted(by: Self.rankOrder),
                samples: try SampleRow.filter(mine).order(Column("id")).fetchAll(db),
                cheers: try CheerRow.filter(mine).order(Column("id")).fetchAll(db)
            )
        } catch let error as StoredValue.Invalid {
            throw RecordStoreError.invalidValue(
                path: path, runID: run.id, column: error.column, value: "\(error.value)",
                expected: "\(error.expected.lowerBound) to \(error.expected.upperBound)"
            )
        }
    }

    /// Ranked lines by rank, unranked (0) last.
    private static func rankOrder(_ a: ResultRow, _ b: ResultRow) -> Bool {
        (a.rank == 0 ? Int.max : a.rank, a.runnerName) < (b.rank == 0 ? Int.max : b.rank, b.runnerName)
    }

    private func write(_ work: (Database) throws -> Void) throws(RecordStoreError) {
        do { try queue.write(work) } catch { throw Self.storeError(error, path: path) }
    }

    private func access<T>(_ work: (Database) throws -> T) throws(RecordStoreError) -> T {
        do { return try queue.read(work) } catch { throw Self.storeError(error, path: path) }
    }

    static func storeError(_ error: any Error, path: String) -> RecordStoreError {
        if let error = error as? RecordStoreError { return error }
        guard let database = error as? DatabaseError else { return .failed(path: path, reason: reason(error)) }
        switch database.resultCode {
        case .SQLITE_READONLY, .SQLITE_PERM, .SQLITE_CANTOPEN, .SQLITE_AUTH: return .readOnly(path: path)
        case .SQLITE_FULL: return .diskFull(path: path)
        case .SQLITE_CORRUPT, .SQLITE_NOTADB: return .corrupt(path: path, reason: database.message ?? "\(database.resultCode)")
        default: return .failed(path: path, reason: database.message ?? "\(database)")
        }
    }

    private static func reason(_ error: any Error) -> String {
        (error as NSError).localizedFailureReason ?? (error as NSError).localizedDescription
    }
}
