/// What a runner is doing, judged from speed; calories depend on it.
public enum Activity: Sendable, Hashable, CaseIterable {
    /// Slower than `walkingSpeed`: standing or shuffling about.
    case stationary
    /// From `walkingSpeed` up to `runningSpeed`.
    case walking
    /// `runningSpeed` and faster.
    case running

    /// 0.5 m/s (1.8 km/h): below it a person is taken as standing still (OpenTracks' idle speed).
    public static let walkingSpeed = 0.5
    /// 2.0 m/s (7.2 km/h, 8:20 min/km): the usual walk-to-run transition speed.
    public static let runningSpeed = 2.0

    /// The activity at `speed` metres per second (not a number counts as stationary).
    public init(speed: Double) {
        if speed.isNaN || speed < Self.walkingSpeed {
            self = .stationary
        } else if speed < Self.runningSpeed {
            self = .walking
        } else {
            self = .running
        }
    }

    /// The metabolic equivalent of the activity (the product's figures).
    public var mets: Double {
        switch self {
        case .stationary: 0
        case .walking: 3.8
        case .running: 10.0
        }
    }
}
