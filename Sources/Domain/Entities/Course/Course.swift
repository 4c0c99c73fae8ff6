import Foundation

/// A course: the polyline every runner of a race is measured along, from a GPX track or route.
///
/// Progress along it (`CourseMatcher`) replaces each receiver's own GPS distance, so the lateral error
/// of one runner's receiver no longer counts. Consecutive points at the same place are merged (they
/// would make segments of length 0); every distance is the haversine one (`Geodesy`), like a track's.
public struct Course: Sendable, Hashable {
    /// The most points a course may have (a 1000 km course at one point every 10 m).
    public static let maximumPoints = 100_000
    /// The shortest course, in metres: shorter than that, GPS noise is the whole race.
    public static let minimumLength = 20.0
    /// The longest course, in metres (the longest goal).
    public static let maximumLength = RaceGoal.maximumKilometres * 1000

    /// What the course is called: its GPX `<name>`, or its file's name.
    public let name: String
    /// The points, in running order, without consecutive duplicates.
    public let points: [Coordinate]
    /// Metres from the start at each point: `distances[0] == 0`, the last one is `length`.
    public let distances: [Double]

    /// A course through `points` (at least two distinct, valid ones).
    public init(name: String, points: [Coordinate]) throws(CourseError) {
        guard points.count <= Self.maximumPoints else { throw .tooManyPoints(points.count) }
        var kept: [Coordinate] = []
        var distances: [Double] = []
        kept.reserveCapacity(points.count)
        distances.reserveCapacity(points.count)
        for (index, point) in points.enumerated() {
            guard point.isValid else { throw .invalidCoordinate(index: index) }
            guard let last = kept.last else {
                kept.append(point)
                distances.append(0)
                continue
            }
            let step = Geodesy.distance(from: last, to: point)
            guard step > 0 else { continue }
            kept.append(point)
            distances.append((distances.last ?? 0) + step)
        }
        guard kept.count >= 2 else { throw .tooFewPoints(kept.count) }
        let length = distances[distances.count - 1]
        guard length >= Self.minimumLength else { throw .tooShort(metres: length) }
        guard length <= Self.maximumLength else { throw .tooLong(metres: length) }
        self.name = name
        self.points = kept
        self.distances = distances
    }

    /// The course's length in metres (one lap).
    public var length: Double { distances[distances.count - 1] }

    /// Metres from the last point back to the first: about 0 for a loop or an out-and-back.
    public var closingGap: Double { Geodesy.distance(from: points[points.count - 1], to: points[0]) }

    /// The point `metres` from the start (clamped to the course), interpolated on its segment.
    public func coordinate(at metres: Double) -> Coordinate {
        guard metres > 0 else { return points[0] }
        guard metres < length else { return points[points.count - 1] }
        // The last point whose distance is <= metres.
        var low = 0
        var high = distances.count - 1
        while high - low > 1 {
            let middle = (low + high) / 2
            if distances[middle] <= metres { low = middle } else { high = middle }
        }
        let span = distances[high] - distances[low]
        let fraction = span > 0 ? (metres - distances[low]) / span : 0
        let a = points[low]
        let b = points[high]
        return Coordinate(
            latitude: a.latitude + (b.latitude - a.latitude) * fraction,
            longitude: a.longitude + (b.longitude - a.longitude) * fraction
        )
    }
}
