import Foundation

/// One position report from a position source: where the runner was, when, and how good the receiver
/// says it is.
public struct Fix: Sendable, Hashable {
    /// Where the receiver put the runner.
    public var coordinate: Coordinate
    /// When the position was measured, on the race clock.
    public var timestamp: Date
    /// The receiver's estimate of the horizontal error, in metres (gpsd's `eph`, or NMEA HDOP times a
    /// user range error); nil when the source does not say (GPX files, the simulator).
    public var horizontalAccuracy: Double?
    /// Whether the receiver had a fix at all, and of which kind.
    public var quality: FixQuality
    /// The first fix after a break the runner did not travel (a new GPX track segment): no distance is
    /// counted from the fix before it.
    public var startsSegment: Bool

    /// A fix; accuracy and quality default to "not reported", which the noise filter accepts.
    public init(
        coordinate: Coordinate,
        timestamp: Date,
        horizontalAccuracy: Double? = nil,
        quality: FixQuality = .unreported,
        startsSegment: Bool = false
    ) {
        self.coordinate = coordinate
        self.timestamp = timestamp
        self.horizontalAccuracy = horizontalAccuracy
        self.quality = quality
        self.startsSegment = startsSegment
    }
}
