import Data
import Domain
import Foundation
import MateRunnerTesting
import Testing

/// The Domain's distance on a real track. It lives in DataTests because the fixture is read with
/// Data's `GPXTrack`; what it checks is Domain's `Geodesy.pathLength` and `DistanceTracker`.
///
/// Reference figure (Tests/Fixtures/README.md): the haversine sum of consecutive points of
/// cerknicko-jezero.gpx, R = 6371008.8 m, is 4575.0 m. Consecutive means within a track segment:
/// the gaps between the file's 8 segments were not walked.
@Suite("Domain distance of the cerknicko-jezero.gpx fixture")
struct GPXFixtureDistanceTests {
    let track: GPXTrack

    init() throws {
        track = try GPXTrack(contentsOf: Fixtures.url("cerknicko-jezero.gpx"))
    }

    @Test("Geodesy.pathLength summed point to point is 4575.0 m ± 0.5 m")
    func pathLength() {
        let distance = track.segments.map { Geodesy.pathLength($0.map(\.coordinate)) }.reduce(0, +)
        #expect(abs(distance - 4_575.0) <= 0.5, "got \(distance) m")
        // Joining the segments would add the gaps between them, kilometres of them.
        #expect(Geodesy.pathLength(track.points.map(\.coordinate)) > distance + 1_000)
    }

    @Test("DistanceTracker without the noise filter over each segment's timed fixes agrees, rejecting nothing")
    func distanceTracker() throws {
        var total = 0.0
        for segment in track.segments {
            var tracker = DistanceTracker(settings: .unfiltered)
            for point in segment {
                let time = try #require(point.time)
                #expect(tracker.add(Fix(coordinate: point.coordinate, timestamp: time)) != .rejected(.timeWentBackwards))
            }
            #expect(tracker.rejections.isEmpty)
            total += tracker.distance
        }
        #expect(abs(total - 4_575.0) <= 0.5, "got \(total) m")
    }
}
