import Domain
import Foundation

/// What the GGA and RMC sentences of one receiver epoch (one time of day) said, merged.
struct NMEAEpoch {
    /// The epoch's key: its time-of-day field, or its position when the receiver gave no time.
    let key: String
    var timeOfDay: Double?
    var date: Date?
    var coordinate: Coordinate?
    var valid = false
    var sawGGA = false
    var sawRMC = false
    var sawInvalid = false
    var speed: Double?
    var course: Double?
    var altitude: Double?
    var hdop: Double?
    var satellites: Int?

    /// Merges a GGA: `time,lat,N,lon,E,quality,satellites,hdop,altitude,M,...`.
    mutating func mergeGGA(_ sentence: NMEASentence) {
        sawGGA = true
        let quality = sentence[field: 5].flatMap { Int($0) } ?? 0
        guard quality > 0, let position = NMEAFields.coordinate(sentence, at: 1) else {
            sawInvalid = true
            return
        }
        valid = true
        coordinate = coordinate ?? position
        satellites = sentence[field: 6].flatMap { Int($0) }
        hdop = sentence[field: 7].flatMap { Double($0) }
        altitude = sentence[field: 8].flatMap { Double($0) }
    }

    /// Merges an RMC: `time,status,lat,N,lon,E,knots,course,ddmmyy,...`.
    mutating func mergeRMC(_ sentence: NMEASentence) {
        sawRMC = true
        if let day = NMEAFields.date(sentence[field: 8]) { date = day }
        guard sentence[field: 1] == "A", let position = NMEAFields.coordinate(sentence, at: 2) else {
            sawInvalid = true
            return
        }
        valid = true
        coordinate = coordinate ?? position
        speed = sentence[field: 6].flatMap { Double($0) }.map { $0 * NMEAFields.metresPerSecondPerKnot }
        course = sentence[field: 7].flatMap { Double($0) }
    }

    /// The report of this epoch, or why there is none. `lastDate` dates an epoch whose RMC is missing.
    func report(lastDate: Date?) -> Result<PositionReport, PositionSkipReason> {
        guard valid else { return .failure(.init(skip: .noFix)) }
        guard let coordinate, coordinate.isValid else { return .failure(.init(skip: .noPosition)) }
        var time: Date?
        if let timeOfDay, let day = date ?? lastDate { time = day.addingTimeInterval(timeOfDay) }
        return .success(PositionReport(
            coordinate: coordinate, time: time, mode: altitude == nil ? 2 : 3, speed: speed, course: course,
            altitude: altitude, hdop: hdop, satellites: satellites
        ))
    }
}

/// A `PositionSkip` as an `Error`, for `Result`.
struct PositionSkipReason: Error, Equatable {
    let skip: PositionSkip
}
