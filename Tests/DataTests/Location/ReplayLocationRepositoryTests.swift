import Data
import Domain
import Foundation
import MateRunnerTesting
import Testing

/// GPX and NMEA replay on a manual clock: accelerated time, missing and identical timestamps, segments.
@Suite("ReplayLocationRepository")
struct ReplayLocationRepositoryTests {
    @Test("replay offsets follow recorded time; missing, identical or backward times step 1 s")
    func schedule() {
        let t0 = Date(timeIntervalSince1970: 1_000)
        let times: [Date?] = [t0, t0.addingTimeInterval(5), t0.addingTimeInterval(5), nil, t0.addingTimeInterval(2), t0.addingTimeInterval(9)]
        #expect(ReplaySchedule.offsets(of: times) == [0, 5, 6, 7, 8, 9])
        #expect(ReplaySchedule.offsets(of: []) == [])
        #expect(ReplaySchedule.offsets(of: [nil, t0, t0.addingTimeInterval(3)]) == [0, 1, 4])
    }

    @Test("Mojstrovka.gpx (all timestamps identical) replays one point per second, never all at once")
    func identicalTimes() throws {
        let replay = try ReplayLocationRepository.gpx(contentsOf: Fixtures.url("Mojstrovka.gpx"), clock: ManualRaceClock())
        #expect(replay.reports.count == 184)
        // Its times span 0.0003 s: no use for a replay, which goes at the default pace (6:00 /km) instead.
        #expect(replay.isPaced)
        #expect(abs((replay.replayOffsets.last ?? 0) - 2_697.6 * 0.36) < 0.5)
        let distance = Geodesy.pathLength(replay.reports.map(\.coordinate))
        #expect(abs(distance - 2_697.6) <= 0.5, "got \(distance)")
    }

    @Test("track-with-extremes.gpx (no timestamps) replays at the pace given; x4 four times faster")
    func noTimes() throws {
        let replay = try ReplayLocationRepository.gpx(
            contentsOf: Fixtures.url("track-with-extremes.gpx"), speed: 4, pace: 300, clock: ManualRaceClock()
        )
        #expect(replay.reports.count == 25)
        #expect(replay.isPaced)
        // 2203.5 m at 5:00 /km is 661 s, at x4 165.3 s.
        #expect(abs((replay.replayOffsets.last ?? 0) - 2_203.5 * 0.3 / 4) < 0.2)
        #expect(abs(Geodesy.pathLength(replay.reports.map(\.coordinate)) - 2_203.5) <= 0.5)
    }

    @Test("track-with-empty-segment.gpx: the empty segment is skipped, 85.9 m over 76 s")
    func emptySegment() throws {
        let replay = try ReplayLocationRepository.gpx(contentsOf: Fixtures.url("track-with-empty-segment.gpx"), clock: ManualRaceClock())
        #expect(replay.reports.count == 9)
        #expect(replay.replayOffsets.last == 76)
        #expect(abs(Geodesy.pathLength(replay.reports.map(\.coordinate)) - 85.9) <= 0.5)
    }

    @Test("cerknicko-jezero.gpx: segment starts are marked (the gaps between them were not walked)")
    func segments() throws {
        let replay = try ReplayLocationRepository.gpx(contentsOf: Fixtures.url("cerknicko-jezero.gpx"), clock: ManualRaceClock())
        #expect(replay.reports.count == 296)
        #expect(replay.reports.filter(\.startsSegment).count == 6)
    }

    @Test("cerknicko-jezero.gpx as Domain fixes: segment breaks add no distance (filtered 4538.8 m, not 13 km)")
    func segmentsReachTheDomain() throws {
        let replay = try ReplayLocationRepository.gpx(contentsOf: Fixtures.url("cerknicko-jezero.gpx"), clock: ManualRaceClock())
        let start = Date(timeIntervalSince1970: 0)
        var tracker = DistanceTracker()
        for (report, offset) in zip(replay.reports, replay.replayOffsets) {
            tracker.add(report.toDomain(timestamp: start.addingTimeInterval(offset)))
        }
        // The per-segment haversine sum is 4575.0 m; the filter drops one 92 m/s glitch (docs/DOMAIN.md).
        #expect(abs(tracker.distance - 4538.8) < 1)
        #expect(tracker.segments == 7)
    }

    @Test("a report's mode, error estimate and segment start reach the Domain fix")
    func mapping() {
        let coordinate = Coordinate(latitude: 46, longitude: 14.5)
        let now = Date(timeIntervalSince1970: 100)
        let threeD = PositionReport(coordinate: coordinate, mode: 3, horizontalError: 4.5, hdop: 0.9).toDomain(timestamp: now)
        #expect(threeD.quality == .threeDimensional)
        #expect(threeD.horizontalAccuracy == 4.5)
        #expect(!threeD.startsSegment)
        let twoD = PositionReport(coordinate: coordinate, mode: 2, hdop: 1.2, startsSegment: true).toDomain(timestamp: now)
        #expect(twoD.quality == .twoDimensional)
        #expect(twoD.horizontalAccuracy == nil)
        #expect(twoD.startsSegment)
        #expect(PositionReport(coordinate: coordinate, mode: 1).toDomain(timestamp: now).quality == .noFix)
    }

    @Test("accelerated x10 on the injected clock: fixes arrive when the clock reaches them, stamped then")
    func accelerated() async throws {
        let clock = ManualRaceClock()
        let start = clock.now
        let replay = try ReplayLocationRepository.gpx(contentsOf: Fixtures.url("track-with-empty-segment.gpx"), speed: 10, clock: clock)
        let received = Received()
        let task = Task { for try await fix in replay.fixes() { received.append(fix) } }
        try await waitUntil("the first fix") { received.count == 1 }
        clock.advance(by: 7.6)
        try await waitUntil("all nine fixes") { received.count == 9 }
        _ = try await task.value
        let offsets = received.fixes.map { $0.timestamp.timeIntervalSince(start) }
        #expect(offsets.first == 0)
        #expect(abs((offsets.last ?? 0) - 7.6) < 1e-6)
        #expect(zip(offsets, offsets.dropFirst()).allSatisfy { $0 <= $1 })
    }

    @Test("from the race's start: a reader 3 s late gets the points due since at once, each at its instant")
    func startsAtTheRaceStart() async throws {
        let clock = ManualRaceClock()
        let raceStart = clock.now
        let start = Date(timeIntervalSince1970: 1_800_000_000)
        let reports = (0..<10).map { index in
            PositionReport(
                coordinate: Coordinate(latitude: 46 + Double(index) * 0.00003, longitude: 14.5),
                time: start.addingTimeInterval(Double(index)))
        }
        clock.advance(by: 3)
        var fixes = ReplayLocationRepository(reports: reports, clock: clock).fixes(from: raceStart).makeAsyncIterator()
        var offsets: [TimeInterval] = []
        for _ in 0..<4 { offsets.append(try #require(try await fixes.next()).timestamp.timeIntervalSince(raceStart)) }
        #expect(offsets == [0, 1, 2, 3])
    }

    @Test("a missing or empty file is an error saying what to do")
    func errors() {
        #expect(throws: SourceError.self) { try ReplayLocationRepository.gpx(contentsOf: URL(fileURLWithPath: "/nonexistent.gpx"), clock: ManualRaceClock()) }
        let error = #expect(throws: SourceError.self) {
            try ReplayLocationRepository.nmea(contentsOf: Fixtures.url("README.md"), clock: ManualRaceClock())
        }
        #expect(error?.description.contains("no usable position") == true)
    }

    @Test("a reader that falls far behind still gets every point, in order")
    func slowReader() async throws {
        let clock = ManualRaceClock()
        let start = Date(timeIntervalSince1970: 1_800_000_000)
        let reports = (0..<200).map { index in
            PositionReport(coordinate: Coordinate(latitude: 46 + Double(index) * 0.00003, longitude: 14.5), time: start.addingTimeInterval(Double(index)))
        }
        let replay = ReplayLocationRepository(reports: reports, clock: clock)
        let stream = replay.fixes()
        clock.advance(by: 500)  // every point is due before anything is read
        var latitudes: [Double] = []
        for try await fix in stream { latitudes.append(fix.coordinate.latitude) }
        #expect(latitudes == reports.map(\.coordinate.latitude))
    }
}
