import Foundation
import Synchronization

/// Reads the race-clock timestamps frames carry (`2027-01-15T08:01:05.000Z`) as seconds since 1970.
public enum RaceInstant {
    private static let formatters = Mutex((
        fractional: formatter([.withInternetDateTime, .withFractionalSeconds]),
        whole: formatter([.withInternetDateTime])
    ))

    private static func formatter(_ options: ISO8601DateFormatter.Options) -> ISO8601DateFormatter {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = options
        return formatter
    }

    /// Seconds since 1970-01-01T00:00:00Z of an ISO-8601 UTC timestamp, with or without fractional
    /// seconds; nil for anything else.
    public static func seconds(_ text: String) -> Double? {
        guard text.hasSuffix("Z") else { return nil }
        return formatters.withLock { formatters in
            (text.contains(".") ? formatters.fractional : formatters.whole).date(from: text)?.timeIntervalSince1970
        }
    }
}
