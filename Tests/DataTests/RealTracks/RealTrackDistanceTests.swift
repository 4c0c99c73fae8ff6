import Data
import Domain
import Foundation
import MateRunnerTesting
import Testing

/// The noise filter on real recorded tracks (Tests/Fixtures, provenance in its README). The files are
/// read with Data's `GPXTrack`; what is checked is Domain's `DistanceTracker`. Segments are measured
/// separately: the gaps between a file's segments were not walked.
@Suite("Filtered distance of real GPX tracks")
struct RealTrackDistanceTests {
    private func load(_ name: String) throws -> GPXTrack {
        try GPXTrack(contentsOf: Fixtures.url(name))
    }

    /// The filtered distance of every segment, with one tracker per segment; times as in the file, or
    /// `missingTime` for points without one.
    private func filtered(_ track: GPXTrack, missingTime: Date = RaceSamples.start) -> (distance: Double, trackers: [DistanceTracker]) {
        let trackers = track.segments.map { segment in
            var tracker = DistanceTracker()
            for point in segment {
                tracker.add(Fix(coordinate: point.coordinate, timestamp: point.time ?? missingTime))
            }
            return tracker
        }
        return (trackers.reduce(0) { $0 + $1.distance }, trackers)
    }

    private func raw(_ track: GPXTrack) -> Double {
        track.segments.map { Geodesy.pathLength($0.map(\.coordinate)) }.reduce(0, +)
    }

    @Test("walking tracks: the filtered distance is within 3 % of the raw point-to-point distance",
          arguments: [("cerknicko-jezero.gpx", 4_575.0), ("track-with-empty-segment.gpx", 85.9)])
    func walkingTracks(file: String, reference: Double) throws {
        let track = try load(file)
        let rawDistance = raw(track)
        #expect(abs(rawDistance - reference) <= 0.05, "raw \(rawDistance) m, reference \(reference) m")
        let (distance, _) = filtered(track)
        #expect(distance <= rawDistance + 1e-6, "the filter never adds distance")
        #expect(distance >= rawDistance * 0.97, "filtered \(distance) m of raw \(rawDistance) m")
    }

    @Test("cerknicko-jezero: the 92 m/s glitch is dropped and counted; nothing else is")
    func cerknickoRejections() throws {
        let (_, trackers) = filtered(try load("cerknicko-jezero.gpx"))
        var rejections: [DistanceTracker.Rejection: Int] = [:]
        for tracker in trackers { rejections.merge(tracker.rejections, uniquingKeysWith: +) }
        #expect(Set(rejections.keys) == [.impossibleSpeed])
        #expect(trackers.filter { $0.lastFix != nil }.count == 7)  // 8 segments, one of them empty
    }

    @Test("Mojstrovka: 184 points with identical timestamps neither crash nor divide by zero")
    func identicalTimestamps() throws {
        let track = try load("Mojstrovka.gpx")
        #expect(track.points.count == 184)
        #expect(abs(raw(track) - 2_697.6) <= 0.05)
        let (distance, trackers) = filtered(track)
        // Moving without time passing is impossible: nothing is counted, every such fix is counted as dropped.
        #expect(distance == 0)
        let tracker = try #require(trackers.first)
        #expect(tracker.rejectedCount + tracker.stationaryFixes + tracker.segments == 184)
        // The times differ by ±0.343 ms at most: moving in them is impossibly fast (or far), or time goes back.
        #expect(Set(tracker.rejections.keys).isSubset(of: [.impossibleSpeed, .impossibleJump, .timeWentBackwards]))
        #expect(tracker.rejectedCount > 150)
        #expect(Pace.overall(distance: distance, elapsed: 0) == nil)
        #expect(DistanceTracker.crossingTime(goal: 10, from: (0, 0), to: (2_697.6, 0)) == 0)
    }

    @Test("track-with-extremes: 25 points without any timestamp neither crash nor divide by zero")
    func noTimestamps() throws {
        let track = try load("track-with-extremes.gpx")
        #expect(track.points.count == 25)
        #expect(track.points.allSatisfy { $0.time == nil })
        #expect(abs(raw(track) - 2_203.5) <= 0.05)
        let (distance, trackers) = filtered(track)
        #expect(distance == 0)
        #expect(distance.isFinite)
        #expect(trackers.reduce(0) { $0 + $1.rejectedCount } == 24)
    }
}
