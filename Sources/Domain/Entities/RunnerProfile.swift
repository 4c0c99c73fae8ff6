/// What the run needs to know about the person running: for now the body weight calories use.
public struct RunnerProfile: Sendable, Hashable, Codable {
    /// 60 kg, the weight when the profile has none.
    public static let standardWeight = 60.0
    /// The weights accepted, in kilograms.
    public static let acceptedWeights = 20.0...300.0
    /// A profile with the standard weight.
    public static let standard = RunnerProfile(checkedWeight: standardWeight)

    /// Body weight in kilograms, within `acceptedWeights`.
    public let weight: Double

    /// Validates a weight a person typed, in kilograms: 20 to 300.
    public init(weight: Double) throws(RunnerProfileError) {
        guard weight.isFinite else { throw .weightNotANumber }
        guard Self.acceptedWeights.contains(weight) else { throw .weightOutOfRange(weight) }
        self.weight = weight
    }

    private init(checkedWeight: Double) {
        weight = checkedWeight
    }
}

/// Why a profile value was refused.
public enum RunnerProfileError: Error, Equatable, CustomStringConvertible {
    /// The weight is NaN or infinite.
    case weightNotANumber
    /// The weight is outside 20...300 kg.
    case weightOutOfRange(Double)

    /// What happened and what to do.
    public var description: String {
        switch self {
        case .weightNotANumber:
            "the weight is not a number: give kilograms such as 60 or 72.5"
        case .weightOutOfRange(let kg):
            "the weight \(kg) kg is outside 20 to 300 kg: give your weight in kilograms (not pounds or grams)"
        }
    }
}
