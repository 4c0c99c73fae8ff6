import Domain
import GRDB

/// A row of the `sample` table: one runner's distance at one moment of the run.
struct SampleRow: Codable, FetchableRecord, PersistableRecord, Sendable {
    static let databaseTableName = "sample"

    var id: Int64?
    var runId: String
    var runnerId: String
    var runnerName: String
    var elapsed: Double
    var distance: Double

    init(runID: String, sample: ProgressSample) {
        runId = runID
        runnerId = sample.runnerID
        runnerName = sample.runnerName
        elapsed = sample.elapsed
        distance = sample.distance
    }

    func toDomain() -> ProgressSample {
        ProgressSample(runnerName: runnerName, elapsed: elapsed, distance: distance, runnerID: runnerId)
    }
}
