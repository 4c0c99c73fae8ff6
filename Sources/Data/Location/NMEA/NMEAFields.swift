import Domain
import Foundation

/// Decoding of the NMEA 0183 field formats GGA and RMC use.
enum NMEAFields {
    /// `ddmm.mmmm` / `dddmm.mmmm` with its hemisphere letter, to signed decimal degrees. The degrees
    /// are the digits before the last two whole-minute digits, read as text, so no rounding creeps in.
    static func angle(_ value: Substring?, hemisphere: Substring?, maximumDegrees: Double) -> Double? {
        guard let value, let hemisphere else { return nil }
        let integerPart = value.firstIndex(of: ".").map { value[..<$0] } ?? value
        guard integerPart.count >= 3, integerPart.allSatisfy(\.isASCII) else { return nil }
        let split = value.index(value.startIndex, offsetBy: integerPart.count - 2)
        guard let degrees = Double(value[..<split]), let minutes = Double(value[split...]),
              degrees >= 0, (0..<60).contains(minutes)
        else { return nil }
        let magnitude = degrees + minutes / 60
        guard magnitude <= maximumDegrees else { return nil }
        switch hemisphere {
        case "N", "E": return magnitude
        case "S", "W": return -magnitude
        default: return nil
        }
    }

    /// A position from the four latitude/longitude fields starting at `index`.
    static func coordinate(_ sentence: NMEASentence, at index: Int) -> Coordinate? {
        guard let latitude = angle(sentence[field: index], hemisphere: sentence[field: index + 1], maximumDegrees: 90),
              let longitude = angle(sentence[field: index + 2], hemisphere: sentence[field: index + 3], maximumDegrees: 180)
        else { return nil }
        return Coordinate(latitude: latitude, longitude: longitude)
    }

    /// `hhmmss.sss` to seconds since midnight UTC.
    static func timeOfDay(_ value: Substring?) -> Double? {
        guard let value, value.count >= 6, value.prefix(6).allSatisfy(\.isNumber),
              let hours = Int(value.prefix(2)), let minutes = Int(value.dropFirst(2).prefix(2)),
              let seconds = Double(value.dropFirst(4)), hours < 24, minutes < 60, (0..<61).contains(seconds)
        else { return nil }
        return Double(hours * 3600 + minutes * 60) + seconds
    }

    /// `ddmmyy` to the midnight UTC that starts the day (two-digit years: 80-99 are 1900s, else 2000s).
    static func date(_ value: Substring?) -> Date? {
        guard let value, value.count == 6, value.allSatisfy(\.isNumber),
              let day = Int(value.prefix(2)), let month = Int(value.dropFirst(2).prefix(2)), let year = Int(value.suffix(2)),
              (1...31).contains(day), (1...12).contains(month)
        else { return nil }
        let fullYear = year >= 80 ? 1900 + year : 2000 + year
        return Date(timeIntervalSince1970: Double(daysFromCivil(year: fullYear, month: month, day: day)) * 86_400)
    }

    /// Days since 1970-01-01 of a proleptic Gregorian date (Howard Hinnant's algorithm).
    static func daysFromCivil(year: Int, month: Int, day: Int) -> Int {
        let shifted = month <= 2 ? year - 1 : year
        let era = (shifted >= 0 ? shifted : shifted - 399) / 400
        let yearOfEra = shifted - era * 400
        let dayOfYear = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }

    /// Knots to metres per second.
    static let metresPerSecondPerKnot = 1852.0 / 3600.0
}
