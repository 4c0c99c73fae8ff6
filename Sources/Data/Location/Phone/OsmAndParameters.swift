import Foundation

/// A Traccar Client / OsmAnd report as query or form parameters (traccar.org, "OsmAnd"): `id` (or
/// `deviceid`), `lat`, `lon`, `timestamp` (UNIX seconds, or ISO 8601), `speed` in knots, `bearing`,
/// `altitude`, `accuracy` (m), `batt` (%), `valid`.
public struct OsmAndParameters: Sendable, Equatable {
    /// The parameters, names as sent; a name given twice keeps its first value.
    public var values: [String: String]

    /// Parameters from a query string or an `application/x-www-form-urlencoded` body (`+` is a space,
    /// `%XX` a byte); a pair that is not valid UTF-8 after decoding is left out.
    public init(urlEncoded text: Substring) {
        var values: [String: String] = [:]
        for pair in text.split(separator: "&", omittingEmptySubsequences: true) {
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            guard let name = Self.decode(parts[0]), !name.isEmpty,
                let value = Self.decode(parts.count > 1 ? parts[1] : "")
            else { continue }
            if values[name] == nil { values[name] = value }
        }
        self.values = values
    }

    /// Parameters given as they are.
    public init(values: [String: String]) {
        self.values = values
    }

    /// The position these parameters report; throws `noFix` for `valid=false`, `noPosition` without
    /// a usable `lat`/`lon`, `malformed` for a number or time that cannot be read. Without `timestamp` the
    /// fix has no time of its own (`PositionReport.time` nil: the source takes its arrival).
    public func toPosition() throws(PhoneRefusal) -> PhonePosition {
        if let valid = values["valid"]?.lowercased(), valid == "false" || valid == "0" { throw .noFix }
        guard let coordinate = PhonePosition.coordinate(try number("lat"), try number("lon")) else { throw .noPosition }
        let time = try values["timestamp"].map { text throws(PhoneRefusal) in
            guard let date = OsmAndTime.parse(text) else { throw .malformed }
            return date
        }
        let altitude = try number("altitude")
        let bearing = try number("bearing")
        let heading = try number("heading")
        let report = PositionReport(
            coordinate: coordinate, time: time, mode: altitude == nil ? 2 : 3,
            speed: PhonePosition.nonNegative(try number("speed")).map { $0 * PhonePosition.SpeedUnit.knots },
            course: PhonePosition.nonNegative(bearing ?? heading), altitude: altitude,
            horizontalError: PhonePosition.nonNegative(try number("accuracy")),
            hdop: PhonePosition.nonNegative(try number("hdop"))
        )
        return PhonePosition(
            report: report, device: values["id"] ?? values["deviceid"],
            batteryPercent: PhonePosition.nonNegative(try number("batt")).map { Int($0.rounded()) }
        )
    }

    /// The parameter `name` as a finite number, nil when absent or empty; throws `malformed` otherwise.
    private func number(_ name: String) throws(PhoneRefusal) -> Double? {
        guard let text = values[name], !text.isEmpty else { return nil }
        guard let value = Double(text), value.isFinite else { throw .malformed }
        return value
    }

    /// `text` with `+` as space and `%XX` escapes decoded, or nil when the bytes are not UTF-8.
    private static func decode(_ text: Substring) -> String? {
        String(text).replacingOccurrences(of: "+", with: " ").removingPercentEncoding
    }
}
