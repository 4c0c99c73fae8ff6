import Foundation

/// Drops a report identical in time and position to the one before it: gpsd may report one receiver
/// epoch several times (once per sentence of the epoch), and that is one fix, not several.
struct DuplicateReportFilter: Sendable {
    private var last: (time: Date?, latitude: Double, longitude: Double)?

    /// Whether `report` differs from the previous one; remembers it either way.
    mutating func isNew(_ report: PositionReport) -> Bool {
        let key = (time: report.time, latitude: report.coordinate.latitude, longitude: report.coordinate.longitude)
        defer { last = key }
        guard let last else { return true }
        return !(last.time == key.time && last.latitude == key.latitude && last.longitude == key.longitude)
    }
}
