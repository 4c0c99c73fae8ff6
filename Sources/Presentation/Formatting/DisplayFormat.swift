import Foundation
import FrontEndKit

/// Turns Domain numbers (metres, seconds) into what a person reads.
public enum DisplayFormat {
    /// The largest number converted to a whole number for display: beyond it `Int(_:)` would trap, and
    /// no run gets there (1e12 s is 31 000 years; 1e12 m, 1e12 kcal).
    static let displayLimit = 1e12

    /// `MM:SS` under an hour, `HH:MM:SS` from one hour on; whole seconds, truncated. Negative or
    /// non-finite values show as `00:00`; values beyond `displayLimit` as that limit.
    public static func elapsed(_ seconds: TimeInterval) -> String {
        let total = seconds.isFinite && seconds > 0 ? Int(min(seconds, displayLimit).rounded(.down)) : 0
        let hours = total / 3600
        return ASCIIText.make { text in
            if hours > 0 {
                text.append(hours, width: 2)
                text.append(":")
            }
            text.append(total / 60 % 60, width: 2)
            text.append(":")
            text.append(total % 60, width: 2)
        }
    }

    /// A lap or split time, truncated to the second: `4:01`, `1:02:03`. The board, the frames, `records
    /// show` and the chart all say it so.
    public static func splitTime(_ seconds: TimeInterval) -> String {
        let total = seconds.isFinite && seconds > 0 ? Int(min(seconds, displayLimit).rounded(.down)) : 0
        let (hours, minutes, rest) = (total / 3600, total / 60 % 60, total % 60)
        let tail = (rest < 10 ? "0" : "") + "\(rest)"
        if hours > 0 { return "\(hours):\(minutes < 10 ? "0" : "")\(minutes):" + tail }
        return "\(minutes):" + tail
    }

    /// Racing one's own ghost: "PB by 0:53", "0:12 behind your best", or "level with your best".
    public static func ghostMargin(_ margin: TimeInterval) -> String {
        if margin >= 1 { return "PB by \(splitTime(margin))" }
        if margin <= -1 { return "\(splitTime(-margin)) behind your best" }
        return "level with your best"
    }

    /// Kilometres with 2 decimals, truncated (not rounded): 999 m is `0.99`, never `1.00`.
    public static func kilometres(_ metres: Double) -> String {
        ASCIIText.make { $0.appendKilometres(metres) }
    }

    /// `kilometres(_:)` with the unit: `0.42 km`.
    public static func distance(_ metres: Double) -> String {
        ASCIIText.make { text in
            text.appendKilometres(metres)
            text.append(" km")
        }
    }

    /// Pace per kilometre from a speed, `M:SS /km` (whole seconds, truncated); `--:-- /km` when
    /// slower than 99:59 per km or not a positive speed.
    public static func pace(metresPerSecond speed: Double) -> String {
        guard speed.isFinite, speed > 0, 1000 / speed < 100 * 60 else { return "--:-- /km" }
        let seconds = Int((1000 / speed + 1e-9).rounded(.down))
        guard seconds < 100 * 60 else { return "--:-- /km" }
        return ASCIIText.make { text in
            text.append(seconds / 60)
            text.append(":")
            text.append(seconds % 60, width: 2)
            text.append(" /km")
        }
    }

    /// Whole kilocalories, truncated: `23 kcal`; negative or non-finite values show `0 kcal`.
    public static func calories(_ kilocalories: Double) -> String {
        let whole = kilocalories.isFinite && kilocalories > 0 ? Int((min(kilocalories, displayLimit) + 1e-9).rounded(.down)) : 0
        return ASCIIText.make { text in
            text.append(whole)
            text.append(" kcal")
        }
    }

    /// Whole percent of a 0...1 fraction, truncated.
    public static func percent(_ fraction: Double) -> String {
        let value = fraction.isFinite ? Int((min(1, max(0, fraction)) * 100 + 1e-9).rounded(.down)) : 0
        return "\(value)%"
    }

    /// `count` and the noun, singular for one: `1 cheer`, `2 cheers`, `0 runs`.
    public static func count(_ count: Int, _ singular: String, plural: String? = nil) -> String {
        "\(count) \(count == 1 ? singular : plural ?? singular + "s")"
    }

    /// An instant as ISO-8601 UTC with milliseconds, e.g. `2026-11-21T23:15:06.123Z`.
    ///
    /// Every frame carries one, so it is made by hand (milliseconds truncated, as Foundation's
    /// `ISO8601FormatStyle` does, which gives the same text): the format style costs several microseconds
    /// and allocations per call. Instants before 1583 or after 9999 (never a race's) go to the format
    /// style, whose calendar is Julian before the Gregorian reform.
    public static func timestamp(_ date: Date) -> String {
        let time = date.timeIntervalSince1970
        let wholeSeconds = time.rounded(.down)
        guard time.isFinite, wholeSeconds >= -12_212_553_600, wholeSeconds < 253_402_300_800 else {
            return date.formatted(Date.ISO8601FormatStyle(includingFractionalSeconds: true))
        }
        let milliseconds = min(999, Int((time - wholeSeconds) * 1000))
        let seconds = Int(wholeSeconds)
        let days = seconds >= 0 ? seconds / 86_400 : (seconds - 86_399) / 86_400
        let ofDay = seconds - days * 86_400
        let (year, month, day) = civil(daysSince1970: days)
        return ASCIIText.make { text in
            text.append(year, width: 4)
            text.append("-")
            text.append(month, width: 2)
            text.append("-")
            text.append(day, width: 2)
            text.append("T")
            text.append(ofDay / 3600, width: 2)
            text.append(":")
            text.append(ofDay / 60 % 60, width: 2)
            text.append(":")
            text.append(ofDay % 60, width: 2)
            text.append(".")
            text.append(milliseconds, width: 3)
            text.append("Z")
        }
    }

    /// The time of day of `date` in `timeZone` as people read it, to the second: `09:00:03`.
    public static func timeOfDay(_ date: Date, in timeZone: TimeZone) -> String {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        let parts = calendar.dateComponents([.hour, .minute, .second], from: date)
        return ASCIIText.make { text in
            text.append(parts.hour ?? 0, width: 2)
            text.append(":")
            text.append(parts.minute ?? 0, width: 2)
            text.append(":")
            text.append(parts.second ?? 0, width: 2)
        }
    }

    /// The proleptic Gregorian date `days` after 1970-01-01 (Howard Hinnant's `civil_from_days`).
    private static func civil(daysSince1970 days: Int) -> (year: Int, month: Int, day: Int) {
        let shifted = days + 719_468
        let era = (shifted >= 0 ? shifted : shifted - 146_096) / 146_097
        let dayOfEra = shifted - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let monthIndex = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * monthIndex + 2) / 5 + 1
        let month = monthIndex < 10 ? monthIndex + 3 : monthIndex - 9
        return (yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day)
    }
}

extension ASCIIText {
    /// Kilometres with 2 decimals, truncated (`DisplayFormat.kilometres(_:)`).
    mutating func appendKilometres(_ metres: Double) {
        let tens = metres.isFinite && metres > 0 ? Int((min(metres, DisplayFormat.displayLimit) / 10 + 1e-9).rounded(.down)) : 0
        append(tens / 100)
        append(".")
        append(tens % 100, width: 2)
    }
}
