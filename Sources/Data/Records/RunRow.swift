import Domain
import Foundation
import GRDB

/// A row of the `run` table: one run's terms, our figures and status. Times are Unix seconds.
struct RunRow: Codable, FetchableRecord, PersistableRecord, Sendable {
    static let databaseTableName = "run"

    var id: String
    var runnerName: String
    var mode: Int
    var goalCentimetres: Int
    var startedAt: Double
    var distance: Double
    var duration: Double
    var kilocalories: Double
    var status: String
    /// The course (`CourseTerms`), all four or none: NULL for a run without a course (and every run
    /// recorded before migration v3).
    var courseDigest: String?
    var courseName: String?
    var courseLapCentimetres: Int?
    var courseLaps: Int?
    /// A demo's run (migration v4; false for every run recorded before it).
    var isDemo: Bool

    /// The row of a record (its route, results and the rest live in their own tables).
    init(_ record: RunRecord) {
        id = record.id
        runnerName = record.runnerName
        mode = Int(record.terms.mode.rawValue)
        goalCentimetres = Int(record.terms.goal.centimetres)
        startedAt = record.startedAt.timeIntervalSince1970
        distance = record.distance
        duration = record.duration
        kilocalories = record.kilocalories
        status = record.status.rawValue
        courseDigest = record.terms.course?.digest
        courseName = record.terms.course?.name
        courseLapCentimetres = record.terms.course.map { Int($0.lengthCentimetres) }
        courseLaps = record.terms.course?.laps
        isDemo = record.isDemo
    }

    /// Writes a checkpoint's figures and status into run `checkpoint.runID`'s row, through a cached
    /// statement (every few seconds of a run). Returns false when there is no such row.
    static func updateProgress(_ checkpoint: RunCheckpoint, _ db: Database) throws -> Bool {
        try db.cachedStatement(
            sql: "UPDATE \(databaseTableName) SET distance = ?, duration = ?, kilocalories = ?, status = ? WHERE id = ?"
        ).execute(arguments: [
            checkpoint.distance, checkpoint.duration, checkpoint.kilocalories, checkpoint.status.rawValue, checkpoint.runID,
        ])
        return db.changesCount > 0
    }

    /// The course, when all four columns hold one; a digest that is not 16 hex digits, laps outside
    /// 1 … 100 or a lap length outside 20 m … 1000 km are refused as damaged.
    func course() throws(StoredValue.Invalid) -> CourseTerms? {
        guard let courseDigest, let courseName, let courseLapCentimetres, let courseLaps else { return nil }
        guard courseDigest.count == 16, UInt64(courseDigest, radix: 16) != nil else {
            throw StoredValue.Invalid(column: "run.courseDigest", value: .nan, expected: 0...Double(UInt64.max))
        }
        let laps = try StoredValue.check(courseLaps, StoredValue.laps, "run.courseLaps")
        let length = try StoredValue.check(courseLapCentimetres, StoredValue.lapCentimetres, "run.courseLapCentimetres")
        return CourseTerms(digest: courseDigest, name: courseName, lengthCentimetres: UInt32(length), laps: laps)
    }

    /// The record, with the rows of the other tables that belong to it. Unknown modes or statuses
    /// (written by a newer version) read as single and interrupted; impossible numbers are refused (a `StoredValue.Invalid`).
    func toDomain(route: [RoutePointRow], results: [ResultRow], samples: [SampleRow], cheers: [CheerRow]) throws -> RunRecord {
        try RunRecord(
            id: id, runnerName: runnerName,
            terms: RaceTerms(
                mode: RaceMode(rawValue: UInt8(clamping: mode)) ?? .single,
                goal: RaceGoal(centimetres: UInt32(clamping: goalCentimetres)),
                course: course()
            ),
            startedAt: Date(timeIntervalSince1970: StoredValue.check(startedAt, StoredValue.unixTime, "run.startedAt")),
            distance: StoredValue.check(distance, StoredValue.metres, "run.distance"),
            duration: StoredValue.check(duration, StoredValue.seconds, "run.duration"),
            kilocalories: StoredValue.check(kilocalories, StoredValue.kilocalories, "run.kilocalories"),
            status: RunStatus(rawValue: status) ?? .interrupted,
            route: route.map { try $0.toDomain() },
            results: results.map { try $0.toDomain() },
            samples: samples.map { try $0.toDomain() },
            cheers: cheers.compactMap { try $0.toDomain() },
            isDemo: isDemo
        )
    }
}
