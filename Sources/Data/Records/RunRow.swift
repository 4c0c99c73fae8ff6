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
    }

    /// The record, with the rows of the other tables that belong to it. Unknown modes or statuses
    /// (written by a newer version) read as single and interrupted; impossible numbers are refused (a `StoredValue.Invalid`).
    func toDomain(route: [RoutePointRow], results: [ResultRow], samples: [SampleRow], cheers: [CheerRow]) throws -> RunRecord {
        try RunRecord(
            id: id, runnerName: runnerName,
            terms: RaceTerms(
                mode: RaceMode(rawValue: UInt8(clamping: mode)) ?? .single,
                goal: RaceGoal(centimetres: UInt32(clamping: goalCentimetres))
            ),
            startedAt: Date(timeIntervalSince1970: StoredValue.check(startedAt, StoredValue.unixTime, "run.startedAt")),
            distance: StoredValue.check(distance, StoredValue.metres, "run.distance"),
            duration: StoredValue.check(duration, StoredValue.seconds, "run.duration"),
            kilocalories: StoredValue.check(kilocalories, StoredValue.kilocalories, "run.kilocalories"),
            status: RunStatus(rawValue: status) ?? .interrupted,
            route: route.map { try $0.toDomain() },
            results: results.map { try $0.toDomain() },
            samples: samples.map { try $0.toDomain() },
            cheers: cheers.compactMap { try $0.toDomain() }
        )
    }
}
