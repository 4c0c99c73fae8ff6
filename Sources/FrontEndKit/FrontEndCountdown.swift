/// The synchronized start, as a `countdown` frame carries it: one frame per second left (3, 2, 1)
/// and a last one with 0 when the race starts.
public struct FrontEndCountdown: Codable, Sendable, Equatable {
    /// Whole seconds left before the start; 0 is the start itself.
    public var secondsLeft: Int
    /// The start instant on the agreed race clock, ISO-8601 UTC.
    public var startsAt: String

    /// `secondsLeft` before the start at `startsAt`.
    public init(secondsLeft: Int, startsAt: String) {
        self.secondsLeft = secondsLeft
        self.startsAt = startsAt
    }

    /// What a front-end shows for it: `3`, `2`, `1`, then `GO`.
    public var display: String {
        secondsLeft > 0 ? "\(secondsLeft)" : "GO"
    }

    enum CodingKeys: String, CodingKey {
        case secondsLeft = "seconds_left"
        case startsAt = "starts_at"
    }
}
