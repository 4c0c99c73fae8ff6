import Domain
import Foundation
import MateRunnerTesting
import Testing

/// Haversine distances on pairs whose answer is known, and the helpers built on it.
@Suite("Geodesy")
struct GeodesyTests {
    /// One degree of arc on the mean-radius sphere: R·π/180.
    static let metresPerDegree = Geodesy.earthRadius * .pi / 180

    @Test("the Earth radius is the IUGG mean radius R1")
    func earthRadius() {
        #expect(Geodesy.earthRadius == 6_371_008.8)
    }

    @Test("one degree of longitude on the equator is R·π/180 = 111 195.080 m")
    func oneDegreeOnTheEquator() {
        let d = Geodesy.distance(from: Coordinate(latitude: 0, longitude: 0), to: Coordinate(latitude: 0, longitude: 1))
        #expect(abs(d - 111_195.080_233_5) < 1e-3)
        #expect(abs(d - Self.metresPerDegree) < 1e-6)
    }

    @Test("one degree of latitude along any meridian is R·π/180", arguments: [-60.0, -1.0, 0.0, 14.5, 120.0])
    func oneDegreeOfLatitude(longitude: Double) {
        let d = Geodesy.distance(
            from: Coordinate(latitude: 45, longitude: longitude), to: Coordinate(latitude: 46, longitude: longitude)
        )
        #expect(abs(d - Self.metresPerDegree) < 1e-6)
    }

    @Test("pole to pole is half a great circle, π·R")
    func poleToPole() {
        let d = Geodesy.distance(from: Coordinate(latitude: 90, longitude: 0), to: Coordinate(latitude: -90, longitude: 0))
        #expect(abs(d - .pi * Geodesy.earthRadius) < 1e-6)
        #expect(abs(d - 20_015_114.442) < 1e-2)
    }

    @Test("antipodes on the equator are π·R apart")
    func antipodes() {
        let d = Geodesy.distance(from: Coordinate(latitude: 0, longitude: 0), to: Coordinate(latitude: 0, longitude: 180))
        #expect(abs(d - .pi * Geodesy.earthRadius) < 1e-6)
    }

    @Test("across the antimeridian the short way round: 179.5°E to 179.5°W is one degree")
    func acrossTheAntimeridian() {
        let d = Geodesy.distance(
            from: Coordinate(latitude: 0, longitude: 179.5), to: Coordinate(latitude: 0, longitude: -179.5)
        )
        #expect(abs(d - Self.metresPerDegree) < 1e-3)
    }

    // Reference values computed independently (Python, same formula and radius).
    @Test(
        "city pairs match independently computed haversine values",
        arguments: [
            (Coordinate(latitude: 48.8566, longitude: 2.3522), Coordinate(latitude: 51.5074, longitude: -0.1278), 343_556.535),
            (Coordinate(latitude: 46.0569, longitude: 14.5058), Coordinate(latitude: 45.8150, longitude: 15.9819), 117_274.079),
        ]
    )
    func cityPairs(from a: Coordinate, to b: Coordinate, expected: Double) {
        #expect(abs(Geodesy.distance(from: a, to: b) - expected) < 0.01)
        #expect(abs(Geodesy.distance(from: b, to: a) - expected) < 0.01)
    }

    @Test("a point is 0 m from itself")
    func samePoint() {
        let p = Coordinate(latitude: 45.7574, longitude: 14.3617)
        #expect(Geodesy.distance(from: p, to: p) == 0)
    }

    @Test("distance is symmetric")
    func symmetric() {
        var random = SeededGenerator(seed: 7)
        for _ in 0..<200 {
            let a = Coordinate(latitude: .random(in: -90...90, using: &random), longitude: .random(in: -180...180, using: &random))
            let b = Coordinate(latitude: .random(in: -90...90, using: &random), longitude: .random(in: -180...180, using: &random))
            #expect(abs(Geodesy.distance(from: a, to: b) - Geodesy.distance(from: b, to: a)) < 1e-6)
        }
    }

    @Test("going a distance along a bearing lands that far away", arguments: [0.0, 45.0, 90.0, 180.0, 270.0, 333.3])
    func destinationRoundTrip(bearing: Double) {
        for metres in [0.5, 5.0, 100.0, 4_575.0, 42_195.0] {
            let end = Geodesy.destination(from: RaceSamples.origin, metres: metres, bearing: bearing)
            #expect(abs(Geodesy.distance(from: RaceSamples.origin, to: end) - metres) < 1e-6 * max(1, metres))
        }
    }

    @Test("north along a meridian keeps the longitude and adds latitude")
    func destinationNorth() {
        let end = Geodesy.destination(from: RaceSamples.origin, metres: Self.metresPerDegree, bearing: 0)
        #expect(abs(end.latitude - 47.0) < 1e-9)
        #expect(abs(end.longitude - 14.5) < 1e-9)
    }

    @Test("destination wraps the longitude into -180...180")
    func destinationWraps() {
        let end = Geodesy.destination(
            from: Coordinate(latitude: 0, longitude: 179.5), metres: Self.metresPerDegree, bearing: 90
        )
        #expect(abs(end.longitude - -179.5) < 1e-9)
        #expect(end.isValid)
    }

    @Test("path length of no point or one point is 0")
    func pathLengthOfNothing() {
        #expect(Geodesy.pathLength([]) == 0)
        #expect(Geodesy.pathLength([RaceSamples.origin]) == 0)
    }

    @Test("path length sums every leg, going back included")
    func pathLengthSumsLegs() {
        let a = Coordinate(latitude: 46.000, longitude: 14.5)
        let b = Coordinate(latitude: 46.001, longitude: 14.5)
        let c = Coordinate(latitude: 46.0005, longitude: 14.5)
        let expected = Self.metresPerDegree * 0.0015
        #expect(abs(Geodesy.pathLength([a, b, c]) - expected) < 1e-6)
        #expect(abs(Geodesy.pathLength([a, b, c]) - (Geodesy.distance(from: a, to: b) + Geodesy.distance(from: b, to: c))) < 1e-9)
    }
}
