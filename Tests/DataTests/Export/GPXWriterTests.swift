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

    @Test("a run on a course gets the matched route as a second track, named apart, from our samples' places")
    func matchedRoute() throws {
        let start = Date(timeIntervalSince1970: 1_795_158_000)
        let route = (0..<3).map {
            RoutePoint(coordinate: Coordinate(latitude: 46 + Double($0) * 1e-4, longitude: 14.5003), timestamp: start.addingTimeInterval(Double($0)))
        }
        let samples = [
            ProgressSample(runnerName: "alice", elapsed: 1, distance: 11, runnerID: "00000000000000a1", place: Coordinate(latitude: 46.0001, longitude: 14.5)),
            ProgressSample(runnerName: "bob", elapsed: 1, distance: 9, runnerID: "00000000000000b2", place: Coordinate(latitude: 46.00008, longitude: 14.5)),
            ProgressSample(runnerName: "alice", elapsed: 2, distance: 22, runnerID: "00000000000000a1", place: Coordinate(latitude: 46.0002, longitude: 14.5)),
        ]
        let record = RunRecord(
            id: "r", runnerName: "alice",
            terms: RaceTerms(mode: .race, goal: RaceGoal(centimetres: 5_000), course: CourseTerms(digest: "00112233aabbccdd", name: "lake.gpx", lengthCentimetres: 5_000)),
            startedAt: start, route: route,
            results: [RunnerResult(name: "alice", rank: 1, distance: 50, elapsed: 5, finishTime: 5, phase: .finished, isMe: true, runnerID: "00000000000000a1")],
            samples: samples
        )
        let gpx = GPXWriter.document(for: record)
        #expect(try XMLDocumentCheck.elementCount(gpx, name: "trk") == 2)
        #expect(try XMLDocumentCheck.elementCount(gpx, name: "trkpt") == 5)
        #expect(gpx.contains("<name>alice: race 0.05 km, 2026-11-20 (GPS)</name>"))
        #expect(gpx.contains("<name>alice: race 0.05 km, 2026-11-20 (on the course lake.gpx)</name>"))
        #expect(gpx.contains(#"<trkpt lat="46.0002000" lon="14.5000000"><time>2026-11-20T07:00:02.000Z</time></trkpt>"#))
        #expect(!gpx.contains(#"lat="46.0000800""#), "only our own samples")
        // Without a course: one track, named as before.
        var plain = record
        plain.terms.course = nil
        #expect(try XMLDocumentCheck.elementCount(GPXWriter.document(for: plain), name: "trk") == 1)
    }
}
