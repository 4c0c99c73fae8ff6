/// What kind of fix a receiver reported (gpsd's TPV `mode`, NMEA's GGA quality / RMC status).
public enum FixQuality: UInt8, Sendable, Hashable, Codable, CaseIterable {
    /// The receiver says it has no fix: the position is stale or made up, and is never used.
    case noFix = 0
    /// The source does not report a quality (GPX, the simulator): treated as a fix.
    case unreported = 1
    /// A two-dimensional fix (no altitude).
    case twoDimensional = 2
    /// A three-dimensional fix.
    case threeDimensional = 3

    /// Whether a fix of this quality may be used for distance.
    public var hasFix: Bool { self != .noFix }
}
