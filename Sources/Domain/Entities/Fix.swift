import Foundation

/// One position report from a position source: where the runner was, and when.
public struct Fix: Sendable, Hashable {
    public var coordinate: Coordinate
    /// When the position was measured, on the race clock.
    public var timestamp: Date

    public init(coordinate: Coordinate, timestamp: Date) {
        self.coordinate = coordinate
        self.timestamp = timestamp
    }
}
