import Data
import Domain
import Foundation
import Testing

@Suite("GPXWriter: GPX 1.1 with timestamps")
struct GPXWriterTests {
    @Test("a track point per route point, with its UTC time in milliseconds, and a readable name")
    func document() throws {
        let start = Date(timeIntervalSince1970: 1_795_158_000.25)
        let route = (0..<3).map {
            RoutePoint(coordinate: Coordinate(latitude: 46 + Double($0) * 1e-4, longitude: 14.5), timestamp: start.addingTimeInterval(Double($0)))
        }
        let record = RunRecord(
            id: "r", runnerName: "a<b>", terms: RaceTerms(mode: .team, goal: .standard), startedAt: start, route: route
        )
        let gpx = GPXWriter.document(for: record)
        #expect(gpx.contains(#"<gpx version="1.1" creator="MateRunner" xmlns="http://www.topografix.com/GPX/1/1""#))
        #expect(gpx.components(separatedBy: "<trkpt ").count == 4)
        #expect(gpx.contains(#"<trkpt lat="46.0001000" lon="14.5000000"><time>2026-11-20T07:00:01.250Z</time></trkpt>"#))
        #expect(gpx.contains("<name>a&lt;b&gt;: team 5.00 km, 2026-11-20</name>"))
        let parsed = try XMLDocumentCheck.elementCount(gpx, name: "trkpt")
        #expect(parsed == 3)
    }
}
