import Foundation

/// Traccar Client's JSON report (version 9 on, traccar.org "OsmAnd", JSON format): the location SDK's
/// own shape, `{"location": {...}, "device_id": "..."}`, where `location` is one object or, for a batch
/// of queued ones, an array. Here `speed` is in m/s (not knots, as in the query form), `heading` in
/// degrees, `battery.level` from 0 to 1, `timestamp` ISO 8601.
struct TraccarJSONReportDTO: Decodable {
    struct Coordinates: Decodable {
        var latitude: Double?
        var longitude: Double?
        var accuracy: Double?
        var speed: Double?
        var heading: Double?
        var altitude: Double?
    }

    struct Battery: Decodable {
        var level: Double?
    }

    struct Location: Decodable {
        var timestamp: String?
        var coords: Coordinates?
        var battery: Battery?
    }

    var locations: [Location]
    var deviceID: String?

    enum CodingKeys: String, CodingKey {
        case location
        case deviceID = "device_id"
    }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        deviceID = try container.decodeIfPresent(String.self, forKey: .deviceID)
        if let many = try? container.decode([Location].self, forKey: .location) {
            locations = many
        } else {
            locations = [try container.decode(Location.self, forKey: .location)]
        }
    }
}

extension TraccarJSONReportDTO {
    /// The reports in `body`; throws `malformed` for a body that is not this shape.
    static func decode(_ body: Data) throws(PhoneRefusal) -> TraccarJSONReportDTO {
        do { return try JSONDecoder().decode(Self.self, from: body) } catch { throw .malformed }
    }
}

extension TraccarJSONReportDTO.Location {
    /// The position, or why there is none (no coordinates: `noPosition`; a time that is not ISO 8601 or
    /// seconds: `malformed`); negative speed, heading or accuracy (the SDK's -1, unknown) are left out.
    func toPosition(device: String?) throws(PhoneRefusal) -> PhonePosition {
        guard let coordinate = PhonePosition.coordinate(coords?.latitude, coords?.longitude) else { throw .noPosition }
        let time = try timestamp.map { text throws(PhoneRefusal) in
            guard let date = OsmAndTime.parse(text) else { throw .malformed }
            return date
        }
        let altitude = coords?.altitude.flatMap { $0.isFinite ? $0 : nil }
        let report = PositionReport(
            coordinate: coordinate, time: time, mode: altitude == nil ? 2 : 3,
            speed: PhonePosition.nonNegative(coords?.speed),
            course: PhonePosition.nonNegative(coords?.heading), altitude: altitude,
            horizontalError: PhonePosition.nonNegative(coords?.accuracy)
        )
        let battery = PhonePosition.nonNegative(battery?.level).map { Int(($0 * 100).rounded()) }
        return PhonePosition(report: report, device: device, batteryPercent: battery)
    }
}
