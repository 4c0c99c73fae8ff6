import Foundation

/// An OwnTracks JSON message as the apps send it (booklet, "JSON"): `_type`, and for a `location` its
/// fields. Numbers are read as `Double` whatever the app wrote (iOS writes integers where Android may
/// write decimals); the apps leave out fields that are zero.
struct OwnTracksLocationDTO: Decodable {
    var type: String?
    /// `encrypted`: base64 of nonce ‖ MAC ‖ ciphertext.
    var data: String?
    var lat: Double?
    var lon: Double?
    /// The fix's time, UNIX seconds.
    var tst: Double?
    /// Horizontal accuracy, metres.
    var acc: Double?
    /// Altitude, metres.
    var alt: Double?
    /// Speed, km/h (an integer in the apps).
    var vel: Double?
    /// Course over ground, degrees.
    var cog: Double?
    /// Battery, percent.
    var batt: Double?
    var tid: String?
    /// Trigger: `p` ping, `u` manual, `t` timer, `r` report, `c` region...
    var t: String?
    /// iOS and Android 2.4+, in HTTP mode: the topic it would have had (`owntracks/USER/DEVICE`).
    var topic: String?
    /// When the message was made, if not at `tst`.
    var createdAt: Double?

    enum CodingKeys: String, CodingKey {
        case type = "_type"
        case data, lat, lon, tst, acc, alt, vel, cog, batt, tid, t, topic
        case createdAt = "created_at"
    }
}

extension OwnTracksLocationDTO {
    /// The position, or why there is none: a location needs `lat`, `lon` and `tst`. `vel` (km/h) becomes
    /// m/s, and a missing one 0 (the apps leave zeros out); `acc` becomes the report's horizontal error;
    /// a report with `alt` is a 3D fix. The fix keeps its own time (`tst`).
    func toPosition() throws(PhoneRefusal) -> PhonePosition {
        guard let coordinate = PhonePosition.coordinate(lat, lon) else { throw .noPosition }
        guard let tst, tst.isFinite, tst > 0 else { throw .malformed }
        let report = PositionReport(
            coordinate: coordinate, time: Date(timeIntervalSince1970: tst), mode: alt == nil ? 2 : 3,
            speed: (PhonePosition.nonNegative(vel) ?? 0) * PhonePosition.SpeedUnit.kilometresPerHour,
            course: PhonePosition.nonNegative(cog), altitude: alt.flatMap { $0.isFinite ? $0 : nil },
            horizontalError: PhonePosition.nonNegative(acc)
        )
        return PhonePosition(
            report: report, device: topic, batteryPercent: PhonePosition.nonNegative(batt).map { Int($0.rounded()) },
            trackerID: tid, trigger: t
        )
    }
}
