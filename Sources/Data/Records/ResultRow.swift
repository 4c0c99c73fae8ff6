import Domain
import GRDB

/// A row of the `result` table: one runner's line of a run (replaced at every checkpoint).
struct ResultRow: Codable, FetchableRecord, PersistableRecord, Sendable {
    static let databaseTableName = "result"

    var runId: String
    var runnerId: String
    var runnerName: String
    var rank: Int
    var distance: Double
    var elapsed: Double
    var finishTime: Double?
    var phase: Int
    var isMe: Bool
    /// A ghost's line (migration v3; 0 for every earlier run).
    var isGhost: Bool

    init(runID: String, result: RunnerResult) {
        runId = runID
        runnerId = result.runnerID
        runnerName = result.name
        rank = result.rank
        distance = result.distance
        elapsed = result.elapsed
        finishTime = result.finishTime
        phase = Int(result.phase.rawValue)
        isMe = result.isMe
        isGhost = result.isGhost
    }

    private static let inserts = RowInsert(
        into: databaseTableName,
        columns: ["runId", "runnerId", "runnerName", "rank", "distance", "elapsed", "finishTime", "phase", "isMe", "isGhost"]
    )

    /// Replaces run `runID`'s lines with `results`, many to a statement: every checkpoint rewrites a
    /// line per runner, and the record's Codable encoding per row cost more than the insert.
    static func replace(with results: [RunnerResult], runID: String, _ db: Database) throws {
        try db.cachedStatement(sql: "DELETE FROM \(databaseTableName) WHERE runId = ?").execute(arguments: [runID])
        try inserts.insert(results, db) { values, result in
            let row = ResultRow(runID: runID, result: result)
            values.bind(row.runId)
            values.bind(row.runnerId)
            values.bind(row.runnerName)
            values.bind(row.rank)
            values.bind(row.distance)
            values.bind(row.elapsed)
            values.bind(row.finishTime)
            values.bind(row.phase)
            values.bind(row.isMe)
            values.bind(row.isGhost)
        }
    }

    /// An unknown phase (from a newer version) reads as running; impossible numbers are refused.
    func toDomain() throws(StoredValue.Invalid) -> RunnerResult {
        try RunnerResult(
            name: runnerName, rank: StoredValue.check(rank, StoredValue.rank, "result.rank"),
            distance: StoredValue.check(distance, StoredValue.metres, "result.distance"),
            elapsed: StoredValue.check(elapsed, StoredValue.seconds, "result.elapsed"),
            finishTime: finishTime.map { value throws(StoredValue.Invalid) in try StoredValue.check(value, StoredValue.seconds, "result.finishTime") },
            phase: RunnerPhase(rawValue: UInt8(clamping: phase)) ?? .running, isMe: isMe, runnerID: runnerId,
            isGhost: isGhost
        )
    }
}
