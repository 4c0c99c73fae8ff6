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
    /// Where that distance is on the course (migration v3): NULL without a course.
    var latitude: Double?
    var longitude: Double?

    init(runID: String, sample: ProgressSample) {
        runId = runID
        runnerId = sample.runnerID
        runnerName = sample.runnerName
        elapsed = sample.elapsed
        distance = sample.distance
        latitude = sample.place?.latitude
        longitude = sample.place?.longitude
    }

    private static let inserts = RowInsert(
        into: databaseTableName, columns: ["runId", "runnerId", "runnerName", "elapsed", "distance", "latitude", "longitude"]
    )

    /// Appends `samples` to run `runID`, many to a statement (a checkpoint holds a sample per runner and
    /// sample interval).
    static func insert(_ samples: [ProgressSample], runID: String, _ db: Database) throws {
        try inserts.insert(samples, db) { values, sample in
            values.bind(runID)
            values.bind(sample.runnerID)
            values.bind(sample.runnerName)
            values.bind(sample.elapsed)
            values.bind(sample.distance)
            values.bind(sample.place?.latitude)
            values.bind(sample.place?.longitude)
        }
    }

    /// The sample; impossible numbers are refused.
    func toDomain() throws(StoredValue.Invalid) -> ProgressSample {
        try ProgressSample(
            runnerName: runnerName,
            elapsed: StoredValue.check(elapsed, StoredValue.seconds, "sample.elapsed"),
            distance: StoredValue.check(distance, StoredValue.metres, "sample.distance"),
            runnerID: runnerId,
            place: place()
        )
    }

    private func place() throws(StoredValue.Invalid) -> Coordinate? {
        guard let latitude, let longitude else { return nil }
        return try Coordinate(
            latitude: StoredValue.check(latitude, StoredValue.latitude, "sample.latitude"),
            longitude: StoredValue.check(longitude, StoredValue.longitude, "sample.longitude")
        )
    }
}
