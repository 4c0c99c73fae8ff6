/// A joiner's wait for an invitation, as a `waiting` frame carries it: one frame a second while no
/// invitation is open, each replacing the one before; a `waiting` frame without it ends the line (an
/// invitation is open, or the wait is over).
public struct FrontEndWaiting: Codable, Sendable, Equatable {
    /// Whole seconds left of the wait, rounded up (1 or more).
    public var secondsLeft: Int
    /// When the wait ends, ISO-8601 UTC on the race clock.
    public var until: String

    /// `secondsLeft` of a wait that ends at `until`.
    public init(secondsLeft: Int, until: String) {
        self.secondsLeft = secondsLeft
        self.until = until
    }

    enum CodingKeys: String, CodingKey {
        case secondsLeft = "seconds_left"
        case until
    }
}
