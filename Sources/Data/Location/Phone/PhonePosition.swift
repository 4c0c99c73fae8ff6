import Domain
import Foundation

/// One position a phone app sent (an OwnTracks `location`, a Traccar Client / OsmAnd report), decoded:
/// the `PositionReport` every source makes (its `time` the phone's own fix time, when it gave one) and
/// what the app says about itself.
public struct PhonePosition: Sendable, Equatable {
    /// The position, speed (m/s), course, altitude and accuracy (m), as gpsd's reports carry them.
    public var report: PositionReport
    /// The device that sent it: Traccar's `id` / `device_id`; OwnTracks' `topic` when the app adds it.
    public var device: String?
    /// The phone's battery, in percent.
    public var batteryPercent: Int?
    /// OwnTracks' tracker id (`tid`, two letters shown on the map).
    public var trackerID: String?
    /// What made the app send it (OwnTracks' `t`: `p` ping, `u` manual, `t` timer, `r` report...).
    public var trigger: String?

    /// A position with the given report; everything else optional.
    public init(
        report: PositionReport, device: String? = nil, batteryPercent: Int? = nil, trackerID: String? = nil,
        trigger: String? = nil
    ) {
        self.report = report
        self.device = device
        self.batteryPercent = batteryPercent
        self.trackerID = trackerID
        self.trigger = trigger
    }
}

extension PhonePosition {
    /// Speed units the apps use, in m/s.
    enum SpeedUnit {
        /// OwnTracks' `vel`.
        static let kilometresPerHour = 1 / 3.6
        /// OsmAnd's `speed` (query and form), in international knots (1852 m an hour).
        static let knots = 1852.0 / 3600
    }

    /// `latitude`, `longitude` as a coordinate, or nil unless both are finite and in range.
    static func coordinate(_ latitude: Double?, _ longitude: Double?) -> Coordinate? {
        guard let latitude, let longitude, latitude.isFinite, longitude.isFinite,
            (-90...90).contains(latitude), (-180...180).contains(longitude)
        else { return nil }
        return Coordinate(latitude: latitude, longitude: longitude)
    }

    /// A finite, non-negative `value`, or nil (the apps send -1 for "unknown").
    static func nonNegative(_ value: Double?) -> Double? {
        guard let value, value.isFinite, value >= 0 else { return nil }
        return value
    }
}
