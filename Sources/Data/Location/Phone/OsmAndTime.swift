import Foundation

/// The times an OsmAnd report may carry: UNIX seconds (decimals allowed; a value above 10^11 is taken
/// as milliseconds, as some trackers send), or ISO 8601 with or without fractional seconds
/// (`2026-12-01T10:00:00.000Z`, Traccar Client 9's JSON).
enum OsmAndTime {
    /// The instant `text` names, or nil.
    static func parse(_ text: String) -> Date? {
        if let seconds = Double(text) {
            guard seconds.isFinite, seconds > 0 else { return nil }
            return Date(timeIntervalSince1970: seconds > 1e11 ? seconds / 1000 : seconds)
        }
        if let date = try? Date.ISO8601FormatStyle(includingFractionalSeconds: true).parse(text) { return date }
        return try? Date.ISO8601FormatStyle().parse(text)
    }
}
