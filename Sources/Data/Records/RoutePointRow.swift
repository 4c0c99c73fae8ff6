import Domain
import Foundation
import GRDB

/// A row of the `routePoint` table: one point of our route, in the order written.
struct RoutePointRow: Codable, FetchableRecord, PersistableRecord, Sendable {
    static let databaseTableName = "routePoint"

    var id: Int64?
    var runId: String
    var latitude: Double
    var longitude: Double
    var time: Double

    init(runID: String, point: RoutePoint) {
        runId = runID
        latitude = point.coordinate.latitude
        longitude = point.coordinate.longitude
        time = point.timestamp.timeIntervalSince1970
    }

    private static let inserts = RowInsert(into: databaseTableName, columns: ["runId", "latitude", "longitude", "time"])

    /// Appends `points` to run `runID`, many to a statement (a checkpoint holds a point per fix: the
    /// record's Codable encoding per row cost more than the insert).
    static func insert(_ points: [RoutePoint], runID: String, _ db: Database) throws {
        try inserts.insert(points, db) { values, point in
            values.bind(runID)
            values.bind(point.coordinate.latitude)
            values.bind(point.coordinate.longitude)
            values.bind(point.timestamp.timeIntervalSince1970)
        }
    }

    /// The point; impossible coordinates or times are refused.
    func toDomain() throws(StoredValue.Invalid) -> RoutePoint {
        try RoutePoint(
            coordinate: Coordinate(
                latitude: StoredValue.check(latitude, StoredValue.latitude, "routePoint.latitude"),
                longitude: StoredValue.check(longitude, StoredValue.longitude, "routePoint.longitude")
            ),
            timestamp: Date(timeIntervalSince1970: StoredValue.check(time, StoredValue.unixTime, "routePoint.time"))
        )
    }
}
