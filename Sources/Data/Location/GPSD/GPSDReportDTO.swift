import Domain
import Foundation

/// One JSON object from gpsd, as far as we read it. Only `class` is required; `mode` is required for
/// TPV; every other field is optional (gpsd omits what it does not know).
struct GPSDReportDTO: Decodable {
    let className: String
    let mode: Int?
    let time: String?
    let lat: Double?
    let lon: Double?
    let altMSL: Double?
    let alt: Double?
    let speed: Double?
    let track: Double?
    let eph: Double?
    let release: String?

    enum CodingKeys: String, CodingKey {
        case className = "class"
        case mode, time, lat, lon, altMSL, alt, speed, track, eph, release
    }

    private static let timeFormats: [Date.ISO8601FormatStyle] = [
        Date.ISO8601FormatStyle(includingFractionalSeconds: true),
        .iso8601,
    ]

    /// The report of a TPV with a fix, or why it gives none.
    func toReport() -> Result<PositionReport, PositionSkipReason> {
        guard let mode else { return .failure(.init(skip: .malformed)) }
        guard mode >= 2 else { return .failure(.init(skip: .noFix)) }
        guard let lat, let lon else { return .failure(.init(skip: .noPosition)) }
        let coordinate = Coordinate(latitude: lat, longitude: lon)
        guard coordinate.isValid else { return .failure(.init(skip: .noPosition)) }
        let parsedTime = time.flatMap { text in Self.timeFormats.lazy.compactMap { try? $0.parse(text) }.first }
        return .success(PositionReport(
            coordinate: coordinate, time: parsedTime, mode: mode, speed: speed, course: track,
            altitude: altMSL ?? alt, horizontalError: eph
        ))
    }
}
