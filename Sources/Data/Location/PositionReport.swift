import Domain
import Foundation

/// One position as a source reported it (gpsd's TPV, an NMEA epoch, a GPX point), before it becomes a
/// Domain `Fix`. It carries what the receiver said that `Fix` has no field for yet: the receiver's own
/// UTC time, fix mode, speed, course, altitude and error estimates, and whether a GPX segment starts.
public struct PositionReport: Sendable, Equatable {
    /// Where the receiver was.
    public var coordinate: Coordinate
    /// The receiver's UTC time of the position, when it gave one.
    public var time: Date?
    /// 2 for a 2D fix, 3 for a 3D fix (gpsd's `mode`; NMEA: 3 when GGA has an altitude, else 2).
    public var mode: Int
    /// Speed over ground in m/s.
    public var speed: Double?
    /// Course over ground, degrees clockwise from true north.
    public var course: Double?
    /// Altitude above mean sea level, in metres.
    public var altitude: Double?
    /// Estimated horizontal error in metres (gpsd `eph`), when the source gives one.
    public var horizontalError: Double?
    /// Horizontal dilution of precision (NMEA GGA), when the source gives one.
    public var hdop: Double?
    /// Satellites used (NMEA GGA).
    public var satellites: Int?
    /// True for the first point of a GPX track segment after the first one (a gap not travelled).
    public var startsSegment: Bool

    /// A report with the given position; every other field optional.
    public init(
        coordinate: Coordinate, time: Date? = nil, mode: Int = 2, speed: Double? = nil, course: Double? = nil,
        altitude: Double? = nil, horizontalError: Double? = nil, hdop: Double? = nil, satellites: Int? = nil,
        startsSegment: Bool = false
    ) {
        self.coordinate = coordinate
        self.time = time
        self.mode = mode
        self.speed = speed
        self.course = course
        self.altitude = altitude
        self.horizontalError = horizontalError
        self.hdop = hdop
        self.satellites = satellites
        self.startsSegment = startsSegment
    }

    /// The Domain fix, stamped with `timestamp` on the race clock (sources replay or receive on the
    /// injected clock; the receiver's own time stays in `time`).
    /// The fix's quality comes from `mode`, its accuracy from the receiver's own error estimate in metres
    /// (gpsd `eph`; an NMEA HDOP alone is not turned into metres), and a new GPX segment starts a new
    /// Domain segment.
    public func toDomain(timestamp: Date) -> Fix {
        let quality: FixQuality = switch mode {
        case ..<2: .noFix
        case 2: .twoDimensional
        default: .threeDimensional
        }
        return Fix(
            coordinate: coordinate, timestamp: timestamp, horizontalAccuracy: horizontalError,
            quality: quality, startsSegment: startsSegment
        )
    }
}
