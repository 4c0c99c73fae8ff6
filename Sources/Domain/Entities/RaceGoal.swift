/// The distance a run is aimed at, held in whole centimetres so that every peer compares it exactly.
public struct RaceGoal: Sendable, Hashable, Codable, CustomStringConvertible {
    /// 5.00 km, the goal when none is given.
    public static let standard = RaceGoal(centimetres: 500_000)
    /// The longest goal accepted, 1000 km.
    public static let maximumKilometres = 1000.0

    public let centimetres: UInt32

    /// A goal of the given whole centimetres; no validation (use `init(kilometres:)` for input).
    public init(centimetres: UInt32) {
        self.centimetres = centimetres
    }

    /// Validates a goal a person typed: more than 0, at most 1000 km, at most 2 decimals.
    public init(kilometres: Double) throws(RaceGoalError) {
        guard kilometres.isFinite else { throw .notANumber }
        guard kilometres > 0 else { throw .notPositive(kilometres) }
        guard kilometres <= Self.maximumKilometres else { throw .tooLong(kilometres) }
        let hundredths = (kilometres * 100).rounded()
        guard abs(hundredths - kilometres * 100) < 1e-6 else { throw .tooPrecise(kilometres) }
        // A positive value under 1e-8 km passes the check above yet rounds to 0: never make a 0 cm goal.
        guard hundredths >= 1 else { throw .tooPrecise(kilometres) }
        self.centimetres = UInt32(hundredths) * 1_000
    }

    /// The goal in metres.
    public var metres: Double { Double(centimetres) / 100 }

    public var description: String {
        let tens = centimetres / 1_000
        let fraction = tens % 100
        return "\(tens / 100).\(fraction < 10 ? "0" : "")\(fraction) km"
    }
}

/// Why a goal distance was refused.
public enum RaceGoalError: Error, Equatable, CustomStringConvertible {
    case notANumber
    case notPositive(Double)
    case tooLong(Double)
    case tooPrecise(Double)

    public var description: String {
        switch self {
        case .notANumber: "the goal is not a number: give kilometres such as 5 or 2.5"
        case .notPositive(let km): "the goal \(km) km is not more than 0: give a distance such as 5 or 2.5"
        case .tooLong(let km): "the goal \(km) km is longer than 1000 km: give a distance people can run"
        case .tooPrecise(let km): "the goal \(km) km has more than 2 decimals: round it to 10 m, such as 2.45"
        }
    }
}
