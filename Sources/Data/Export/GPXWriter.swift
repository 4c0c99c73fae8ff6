import Domain
import Foundation

/// Writes a recorded run's route as GPX 1.1: one track, one segment, a point per route point with its
/// UTC time (ISO 8601 with milliseconds). Other tools (gpxpy, GPSBabel, mapping apps) open it.
public enum GPXWriter {
    /// The GPX document for `record`.
    public static func document(for record: RunRecord) -> String {
        var lines = [
            #"<?xml version="1.0" encoding="UTF-8"?>"#,
            #"<gpx version="1.1" creator="MateRunner" xmlns="http://www.topografix.com/GPX/1/1" "#
                + #"xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" "#
                + #"xsi:schemaLocation="http://www.topografix.com/GPX/1/1 http://www.topografix.com/GPX/1/1/gpx.xsd">"#,
            "  <metadata>",
            "    <name>\(escape(title(of: record)))</name>",
            "    <time>\(timestamp(record.startedAt))</time>",
            "  </metadata>",
            "  <trk>",
            "    <name>\(escape(title(of: record)))</name>",
            "    <type>running</type>",
            "    <trkseg>",
        ]
        for point in record.route {
            let latitude = String(format: "%.7f", point.coordinate.latitude)
            let longitude = String(format: "%.7f", point.coordinate.longitude)
            lines.append(#"      <trkpt lat="\#(latitude)" lon="\#(longitude)"><time>\#(timestamp(point.timestamp))</time></trkpt>"#)
        }
        lines += ["    </trkseg>", "  </trk>", "</gpx>", ""]
        return lines.joined(separator: "\n")
    }

    /// "alice: race 5.00 km, 2026-11-22".
    static func title(of record: RunRecord) -> String {
        "\(record.runnerName): \(record.terms.mode) \(record.terms.goal), \(timestamp(record.startedAt).prefix(10))"
    }

    /// ISO 8601 in UTC with milliseconds, such as 2026-11-22T01:02:03.456Z.
    static func timestamp(_ date: Date) -> String {
        date.formatted(Date.ISO8601FormatStyle(includingFractionalSeconds: true, timeZone: TimeZone(identifier: "UTC") ?? .gmt))
    }

    /// XML text with &, <, >, " and ' escaped.
    static func escape(_ text: String) -> String {
        text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
            .replacingOccurrences(of: ">", with: "&gt;").replacingOccurrences(of: "\"", with: "&quot;")
            .replacingOccurrences(of: "'", with: "&apos;")
    }
}
