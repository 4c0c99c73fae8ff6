/// Why a source skipped a line, sentence or report instead of turning it into a fix. Every skip is
/// counted (`SourceStatistics`), never fatal.
public enum PositionSkip: String, Sendable, Hashable, CaseIterable, CustomStringConvertible {
    /// An NMEA sentence whose `*HH` checksum does not match its content.
    case badChecksum = "bad-checksum"
    /// A line that is not a well-formed sentence or JSON object (garbage, truncated, bad numbers).
    case malformed
    /// A line longer than the source accepts; dropped without being buffered whole.
    case oversized
    /// A report or epoch that says there is no fix (gpsd mode < 2, NMEA quality 0 / status V).
    case noFix = "no-fix"
    /// A report with a fix but no usable latitude/longitude.
    case noPosition = "no-position"
    /// The same report again (same time and position), as gpsd sends after several sentences of one epoch.
    case duplicate

    public var description: String { rawValue }
}
