import Domain
import Foundation

// MARK: - Reading recordings

extension ReplayLocationRepository {
    /// Replays an NMEA 0183 log (GGA and RMC); bad sentences are counted in `statistics` and skipped.
    public static func nmea(contentsOf url: URL, speed: Double = 1, clock: any RaceClock) throws(SourceError) -> ReplayLocationRepository {
        guard FileManager.default.fileExists(atPath: url.path) else { throw .missing(path: url.path) }
        let data: Data
        do { data = try Data(contentsOf: url) } catch {
            throw .unreadable(path: url.path, reason: error.localizedDescription)
        }
        let (reports, statistics) = NMEAReader.reports(from: String(decoding: data, as: UTF8.self))
        guard !reports.isEmpty else { throw .noPositions(path: url.path, detail: statistics.summary) }
        return ReplayLocationRepository(reports: reports, speed: speed, statistics: statistics, source: .nmea, clock: clock)
    }

    /// Replays the track points of a GPX file (or its route points when it has no track), segment after
    /// segment; empty segments are skipped. A file without usable times (a planned route, or a track
    /// whose times are all equal) is replayed at `pace` seconds per kilometre instead.
    public static func gpx(
        contentsOf url: URL, speed: Double = 1, pace: TimeInterval = 360, clock: any RaceClock
    ) throws(SourceError) -> ReplayLocationRepository {
        guard FileManager.default.fileExists(atPath: url.path) else { throw .missing(path: url.path) }
        let track: GPXTrack
        do { track = try GPXTrack(contentsOf: url) } catch let error as GPXError {
            guard case .malformed = error else { throw .unreadable(path: url.path, reason: "\(error)") }
            throw .malformed(path: url.path, reason: "\(error)")
        } catch {
            throw .unreadable(path: url.path, reason: "\(error)")
        }
        var reports = track.reports
        guard !reports.isEmpty else { throw .noPositions(path: url.path, detail: "the file has no track or route points") }
        let paced = !GPXTrack.hasUsableTimes(reports)
        if paced { reports = GPXTrack.paced(reports, secondsPerKilometre: pace) }
        var statistics = SourceStatistics()
        statistics.fixes = reports.count
        var replay = ReplayLocationRepository(reports: reports, speed: speed, statistics: statistics, clock: clock)
        replay.isPaced = paced
        return replay
    }
}

extension GPXTrack {
    /// Every point as a report, in file order; the first point of each segment after the first one
    /// is marked `startsSegment` (the gap before it was not travelled).
    public var reports: [PositionReport] {
        var reports: [PositionReport] = []
        for segment in pathSegments where !segment.isEmpty {
            for (index, point) in segment.enumerated() {
                reports.append(PositionReport(
                    coordinate: point.coordinate, time: point.time, startsSegment: index == 0 && !reports.isEmpty
                ))
            }
        }
        return reports
    }
}


extension GPXTrack {
    /// Whether the reports carry times to replay by: they span at least a second (a planned route has
    /// none; Mojstrovka.gpx's 184 points all fall within a millisecond).
    public static func hasUsableTimes(_ reports: [PositionReport]) -> Bool {
        let times = reports.compactMap(\.time)
        guard let first = times.min(), let last = times.max() else { return false }
        return last.timeIntervalSince(first) >= 1
    }

    /// The reports timed as if run at `secondsPerKilometre` from the first (a new segment's first point
    /// comes at the time of the point before it: the gap was not run).
    public static func paced(_ reports: [PositionReport], secondsPerKilometre: TimeInterval, from start: Date = Date(timeIntervalSince1970: 0)) -> [PositionReport] {
        var elapsed = 0.0
        var previous: Coordinate?
        return reports.map { report in
            var timed = report
            if let previous, !report.startsSegment {
                elapsed += Geodesy.distance(from: previous, to: report.coordinate) * secondsPerKilometre / 1000
            }
            previous = report.coordinate
            timed.time = start.addingTimeInterval(elapsed)
            return timed
        }
    }
}
