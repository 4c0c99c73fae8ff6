import Domain
import Foundation
import FrontEndKit

/// Turns the world clock's model (an instant and a day offset) into display strings, the same on
/// every machine whatever its locale: Gregorian dates, 24-hour times, English weekday names.
public enum WorldClockFormat {
    private static let weekdays = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"]

    /// The world clock for `model` in `zones`, as a `clock` frame carries it.
    public static func board(_ model: WorldClockModel, zones: [TimeZone]) -> FrontEndClock {
        FrontEndClock(
            source: model.source,
            instant: DisplayFormat.timestamp(model.shown),
            dayOffset: model.dayOffset,
            day: day(model.dayOffset),
            offset: signedSeconds(model.offsetSeconds),
            offsetSeconds: model.offsetSeconds,
            uncertainty: model.uncertaintySeconds.map { "±" + seconds($0) } ?? "unknown",
            uncertaintySeconds: model.uncertaintySeconds,
            zones: zones.map { row(model.shown, in: $0) }
        )
    }

    /// `instant` in `zone`.
    public static func row(_ instant: Date, in zone: TimeZone) -> FrontEndZoneTime {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = zone
        let parts = calendar.dateComponents([.year, .month, .day, .hour, .minute, .second, .weekday], from: instant)
        let weekday = parts.weekday.map { weekdays[($0 - 1) % 7] } ?? "?"
        return FrontEndZoneTime(
            // Foundation names UTC "GMT" on Linux; UTC is what people ask for and what the zone is.
            zone: zone.identifier == "GMT" ? "UTC" : zone.identifier,
            date: "\(digits(parts.year ?? 0, 4))-\(digits(parts.month ?? 0, 2))-\(digits(parts.day ?? 0, 2))",
            weekday: weekday,
            time: "\(digits(parts.hour ?? 0, 2)):\(digits(parts.minute ?? 0, 2)):\(digits(parts.second ?? 0, 2))",
            utcOffset: utcOffset(zone.secondsFromGMT(for: instant))
        )
    }

    /// `today`, `yesterday`, `tomorrow`, `3 days ago`, `in 2 days`.
    public static func day(_ offset: Int) -> String {
        switch offset {
        case 0: "today"
        case -1: "yesterday"
        case 1: "tomorrow"
        case ..<0: "\(-offset) days ago"
        default: "in \(offset) days"
        }
    }

    /// `+09:00`, `-03:30`, `+00:00`.
    public static func utcOffset(_ seconds: Int) -> String {
        let minutes = abs(seconds) / 60
        return "\(seconds < 0 ? "-" : "+")\(digits(minutes / 60, 2)):\(digits(minutes % 60, 2))"
    }

    /// Seconds with a sign and milliseconds: `+0.000 s`, `-0.125 s`.
    public static func signedSeconds(_ value: Double) -> String {
        (value < 0 ? "-" : "+") + seconds(abs(value))
    }

    /// Seconds with milliseconds: `0.004 s`.
    static func seconds(_ value: Double) -> String {
        let millis = value.isFinite ? Int((abs(value) * 1000).rounded()) : 0
        return "\(millis / 1000).\(digits(millis % 1000, 3)) s"
    }

    private static func digits(_ value: Int, _ count: Int) -> String {
        let text = String(value)
        return String(repeating: "0", count: max(0, count - text.count)) + text
    }
}
