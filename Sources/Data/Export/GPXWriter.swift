import Domain
import Foundation

/// Writes a recorded run's route as GPX 1.1: one track, one segment, a point per route point with its
/// UTC time (ISO 8601 with milliseconds). Other tools (gpxpy, GPSBabel, mapping apps) open it. A run on
/// a course gets a second track, the **matched route**: where our progress was on the course at each
/// progress sample (named "… (on the course NAME)", the first "… (GPS)").
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
        ]
        let matched = matchedRoute(of: record)
        let course = record.terms.course
        lines += track(
            named: title(of: record) + (course == nil ? "" : " (GPS)"),
            record.route.map { ($0.coordinate, $0.timestamp) }
        )
        if let course, !matched.isEmpty {
            lines += track(named: title(of: record) + " (on the course \(course.name))", matched)
        }
        lines += ["</gpx>", ""]
        return lines.joined(separator: "\n")
    }

    /// Our positions on the course: each of our progress samples that has one, at its instant.
    public static func matchedRoute(of record: RunRecord) -> [(Coordinate, Date)] {
        guard record.terms.course != nil, let mine = record.mine?.runnerID else { return [] }
        return record.samples.compactMap { sample in
            guard sample.runnerID == mine, let place = sample.place else { return nil }
            return (place, record.startedAt.addingTimeInterval(sample.elapsed))
        }
    }

    private static func track(named name: String, _ points: [(Coordinate, Date)]) -> [String] {
        var lines = ["  <trk>", "    <name>\(escape(name))</name>", "    <type>running</type>", "    <trkseg>"]
        for (coordinate, time) in points {
            let latitude = String(format: "%.7f", coordinate.latitude)
            let longitude = String(format: "%.7f", coordinate.longitude)
            lines.append(#"      <trkpt lat="\#(latitude)" lon="\#(longitude)"><time>\#(timestamp(time))</time></trkpt>"#)
        }
        return lines + ["    </trkseg>", "  </trk>"]
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
