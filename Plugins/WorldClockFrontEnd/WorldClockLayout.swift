import FrontEndKit

/// Lays a world clock out as lines that fit the terminal.
enum WorldClockLayout {
    /// The keys offered on a terminal.
    static let help = "y: previous day  n: now  t: next day  q: quit"

    /// The header, the race clock's quality, then one line per zone: `Asia/Seoul  2027-01-15 Fri  17:00:00  UTC+09:00`.
    static func lines(_ clock: FrontEndClock, columns: Int) -> [String] {
        let zoneWidth = min(20, clock.zones.map(\.zone.count).max() ?? 3)
        var lines = [
            "World clock: \(clock.day)",
            "\(clock.source), offset \(clock.offset), uncertainty \(clock.uncertainty)",
        ]
        for zone in clock.zones {
            let name = String(zone.zone.prefix(zoneWidth)) + String(repeating: " ", count: max(0, zoneWidth - zone.zone.count))
            let wide = "\(name)  \(zone.date) \(zone.weekday)  \(zone.time)  UTC\(zone.utcOffset)"
            let narrow = "\(name) \(zone.date.suffix(5)) \(zone.time.prefix(5)) \(zone.utcOffset)"
            lines.append(wide.count <= columns ? wide : narrow)
        }
        return lines.map { fit($0, columns: columns) }
    }

    /// The key help, cut to the width.
    static func help(columns: Int) -> String {
        fit(help, columns: columns)
    }

    private static func fit(_ line: String, columns: Int) -> String {
        line.count <= columns ? line : String(line.prefix(columns))
    }
}
