import Data
import Foundation
import MateRunnerTesting

/// gpsd's own decoding of telit-he910.log (`telit-he910.log.chk`): its TPV reports with mode ≥ 2, one
/// per distinct epoch (gpsd repeats an epoch's TPV after each of its sentences; repeats are dropped
/// the way `GPSDLocationRepository` drops them: same time and same position as the one before).
/// Its lines end in CRLF, one Character in Swift: split on `isNewline`, not on "\n".
enum GPSDReference {
    struct Fix: Equatable {
        let time: Date?
        let latitude: Double
        let longitude: Double
    }

    static func telitFixes() throws -> [Fix] {
        let text = try String(contentsOf: Fixtures.url("telit-he910.log.chk"), encoding: .utf8)
        var fixes: [Fix] = []
        for line in text.split(whereSeparator: \.isNewline) where line.hasPrefix("{") {
            guard let object = try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any],
                  object["class"] as? String == "TPV", let mode = object["mode"] as? Int, mode >= 2,
                  let latitude = object["lat"] as? Double, let longitude = object["lon"] as? Double
            else { continue }
            let fix = Fix(time: (object["time"] as? String).flatMap(parseTime), latitude: latitude, longitude: longitude)
            if fixes.last != fix { fixes.append(fix) }
        }
        return fixes
    }

    static func parseTime(_ text: String) -> Date? {
        try? Date.ISO8601FormatStyle(includingFractionalSeconds: true).parse(text)
    }

    /// Whether two positions agree to 1e-7 degrees and two times to a millisecond.
    static func matches(_ report: PositionReport, _ fix: Fix) -> Bool {
        abs(report.coordinate.latitude - fix.latitude) <= 1e-7 && abs(report.coordinate.longitude - fix.longitude) <= 1e-7
            && timesMatch(report.time, fix.time)
    }

    static func timesMatch(_ a: Date?, _ b: Date?) -> Bool {
        switch (a, b) {
        case (nil, nil): true
        case let (a?, b?): abs(a.timeIntervalSince(b)) < 0.001
        default: false
        }
    }
}
