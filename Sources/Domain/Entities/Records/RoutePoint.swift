import Foundation

/// A point of our runner's route: where and when (on the race clock).
public struct RoutePoint: Sendable, Hashable, Codable {
    /// Where the position source put the runner.
    public var coordinate: Coordinate
    /// When, on the race clock.
    public var timestamp: Date

    /// A route point.
    public init(coordinate: Coordinate, timestamp: Date) {
        self.coordinate = coordinate
        self.timestamp = timestamp
    }
}
