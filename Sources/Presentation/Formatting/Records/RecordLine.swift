import Domain
import Foundation

/// One run as `records --json` prints it: one JSON object per line (documented in docs/RECORDS.md).
struct RecordLine: Encodable {
    /// One runner's line of the run.
    struct Result: Encodable {
        let name: String
        let rank: Int?
        let distanceMetres: Double
        let elapsedSeconds: Double
        let finishSeconds: Double?
        let state: String
        let me: Bool
    }

    let id: String
    let startedAt: String
    let runner: String
    let mode: String
    let goalMetres: Double
    let status: String
    let distanceMetres: Double
    let durationSeconds: Double
    let kilocalories: Double
    let rank: Int?
    let cheersReceived: Int
    let routePoints: Int
    let results: [Result]

    init(_ record: RunRecord) {
        id = record.id
        startedAt = record.startedAt.formatted(.iso8601)
        runner = record.runnerName
        mode = "\(record.terms.mode)"
        goalMetres = record.terms.goal.metres
        status = record.status.rawValue
        distanceMetres = record.distance
        durationSeconds = record.duration
        kilocalories = (record.kilocalories * 10).rounded() / 10
        rank = record.rank
        cheersReceived = record.cheersReceived
        routePoints = record.route.count
        results = record.results.map {
            Result(
                name: $0.name, rank: $0.rank == Standing.unranked ? nil : $0.rank, distanceMetres: $0.distance,
                elapsedSeconds: $0.elapsed, finishSeconds: $0.finishTime, state: "\($0.phase)", me: $0.isMe
            )
        }
    }

    /// The object on one line, keys sorted.
    static func json(_ value: some Encodable) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return String(decoding: try encoder.encode(value), as: UTF8.self)
    }
}
