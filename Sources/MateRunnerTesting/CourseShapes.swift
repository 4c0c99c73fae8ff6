import Domain
import Foundation

/// Courses drawn by hand for the matcher's tests, and runners along them (with noise, matched).
public enum CourseShapes {
    /// A polyline from `RaceSamples.origin`: each leg goes `metres` on a `bearing` (degrees from north).
    public static func polyline(_ legs: [(metres: Double, bearing: Double)], from start: Coordinate = RaceSamples.origin) -> [Coordinate] {
        legs.reduce(into: [start]) { points, leg in
            points.append(Geodesy.destination(from: points[points.count - 1], metres: leg.metres, bearing: leg.bearing))
        }
    }

    /// A course through `polyline(legs)`.
    public static func course(_ legs: [(metres: Double, bearing: Double)], name: String = "test") throws -> Course {
        try Course(name: name, points: polyline(legs))
    }

    /// Positions every `step` metres along `course` (all laps), one per `seconds`, from the start.
    public static func run(_ course: LappedCourse, step: Double = 3, seconds: TimeInterval = 1) -> [(Coordinate, Date)] {
        let count = Int((course.totalLength / step).rounded(.up))
        return (0...count).map { index in
            (course.coordinate(at: min(course.totalLength, Double(index) * step)),
             RaceSamples.start.addingTimeInterval(Double(index) * seconds))
        }
    }

    /// `coordinate` moved up to `radius` metres in a random direction (uniform in the disk).
    public static func noisy(_ coordinate: Coordinate, radius: Double, using random: inout SeededGenerator) -> Coordinate {
        guard radius > 0 else { return coordinate }
        let distance = radius * Double.random(in: 0...1, using: &random).squareRoot()
        return Geodesy.destination(from: coordinate, metres: distance, bearing: Double.random(in: 0..<360, using: &random))
    }

    /// Matches every position in order and returns the matcher.
    public static func matched(_ course: LappedCourse, _ positions: [(Coordinate, Date)], settings: CourseMatcherSettings = .standard) -> CourseMatcher {
        var matcher = CourseMatcher(course: course, settings: settings)
        for (coordinate, time) in positions { matcher.match(coordinate, at: time) }
        return matcher
    }
}
