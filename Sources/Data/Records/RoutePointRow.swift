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

    /// Appends `points` to run `runID` through one cached statement (a checkpoint holds a point per fix:
    /// the record's Codable encoding per row cost more than the insert).
    static func insert(_ points: [RoutePoint], runID: String, _ db: Database) throws {
        guard !points.isEmpty else { return }
        let statement = try db.cachedStatement(
            sql: "INSERT INTO \(databaseTableName) (runId, latitude, longitude, time) VALUES (?, ?, ?, ?)"
        )
        for point in points {
            try statement.execute(arguments: [
                runID, point.coordinate.latitude, point.coordinate.longitude, point.timestamp.timeIntervalSince1970,
            ])
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
