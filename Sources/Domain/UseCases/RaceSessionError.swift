import Foundation

/// Why a run could not go on.
public enum RaceSessionError: Error, Equatable, CustomStringConvertible {
    /// Not enough mates were heard from in time (`waited`: real seconds).
    case matesDidNotShowUp(heard: Int, expected: Int, waited: TimeInterval)
    /// The position source ended before the goal was reached.
    case positionSourceEnded(distance: Double)

    public var description: String {
        switch self {
        case let .matesDidNotShowUp(heard, expected, waited):
            "heard from \(heard) of \(expected) mate(s) in \(Int(waited.rounded())) s: check that they run materunner on "
                + "the same network with the same --goal, that UDP is not blocked, or pass --peer HOST:PORT"
        case let .positionSourceEnded(distance):
            "the position source ended at \(Int(distance)) m, before the goal: use a longer track or a shorter --goal"
        }
    }
}
