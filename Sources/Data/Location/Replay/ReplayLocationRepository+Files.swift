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

    /// Replays the track points of a GPX file, segment after segment; empty segments are skipped.
    public static func gpx(contentsOf url: URL, speed: Double = 1, clock: any RaceClock) throws(SourceError) -> ReplayLocationRepository {
        guard FileManager.default.fileExists(atPath: url.path) else { throw .missing(path: url.path) }
        let track: GPXTrack
        do { track = try GPXTrack(contentsOf: url) } catch let error as GPXError {
            guard case .malformed = error else { throw .unreadable(path: url.path, reason: "\(error)") }
            throw .malformed(path: url.path, reason: "\(error)")
        } catch {
            throw .unreadable(path: url.path, reason: "\(error)")
        }
        let reports = track.reports
        guard !reports.isEmpty else { throw .noPositions(path: url.path, detail: "the file has no track points") }
        var statistics = SourceStatistics()
        statistics.fixes = reports.count
        return ReplayLocationRepository(reports: reports, speed: speed, statistics: statistics, clock: clock)
    }
}

extension GPXTrack {
    /// Every point as a report, in file order; the first point of each segment after the first one
    /// is marked `startsSegment` (the gap before it was not travelled).
    public var reports: [PositionReport] {
        var reports: [PositionReport] = []
        for segment in segments where !segment.isEmpty {
            for (index, point) in segment.enumerated() {
                reports.append(PositionReport(
                    coordinate: point.coordinate, time: point.time, startsSegment: index == 0 && !reports.isEmpty
                ))
            }
        }
        return reports
    }
}
