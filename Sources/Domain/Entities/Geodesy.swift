import Foundation

/// Great-circle distance on a sphere of the mean Earth radius.
public enum Geodesy {
    /// The IUGG mean Earth radius R1, in metres (the radius gpxpy and most GPS tools use).
    public static let earthRadius: Double = 6_371_008.8

    /// The haversine distance between two coordinates, in metres.
    public static func distance(from a: Coordinate, to b: Coordinate) -> Double {
        let phi1 = a.latitude * .pi / 180
        let phi2 = b.latitude * .pi / 180
        let deltaPhi = (b.latitude - a.latitude) * .pi / 180
        let deltaLambda = (b.longitude - a.longitude) * .pi / 180
        let h = sin(deltaPhi / 2) * sin(deltaPhi / 2)
            + cos(phi1) * cos(phi2) * sin(deltaLambda / 2) * sin(deltaLambda / 2)
        return 2 * earthRadius * asin(min(1, sqrt(h)))
    }

    /// The sum of the distances between consecutive coordinates, in metres.
    public static func pathLength(_ coordinates: [Coordinate]) -> Double {
        zip(coordinates, coordinates.dropFirst()).reduce(0) { $0 + distance(from: $1.0, to: $1.1) }
    }

    /// The coordinate reached from `start` after `metres` along the initial `bearing` (degrees
    /// clockwise from north).
    public static func destination(from start: Coordinate, metres: Double, bearing: Double) -> Coordinate {
        let delta = metres / earthRadius
        let theta = bearing * .pi / 180
        let phi1 = start.latitude * .pi / 180
        let lambda1 = start.longitude * .pi / 180
        let phi2 = asin(sin(phi1) * cos(delta) + cos(phi1) * sin(delta) * cos(theta))
        let lambda2 = lambda1 + atan2(sin(theta) * sin(delta) * cos(phi1), cos(delta) - sin(phi1) * sin(phi2))
        var longitude = lambda2 * 180 / .pi
        longitude = (longitude + 540).truncatingRemainder(dividingBy: 360) - 180
        return Coordinate(latitude: phi2 * 180 / .pi, longitude: longitude)
    }
}
