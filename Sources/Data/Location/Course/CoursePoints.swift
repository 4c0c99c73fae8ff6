import Domain

/// A course's points in the form its digest and the course fetch use: two 32-bit integers of 1e-7
/// degrees per point (latitude, longitude), about 1 cm. A course is quantized to that form when it is
/// read (`CourseFile`), so that every peer holding a course of the same digest holds exactly the same
/// points, and measures exactly the same lengths, whether it read the file or fetched it.
public enum CoursePoints {
    /// 1e-7 degrees per unit.
    static let scale = 10_000_000.0

    /// `point` in 1e-7 degrees (latitude, longitude).
    public static func fixed(_ point: Coordinate) -> (Int32, Int32) {
        (Int32((point.latitude * scale).rounded()), Int32((point.longitude * scale).rounded()))
    }

    /// Every point of `points` in 1e-7 degrees, interleaved (latitude, longitude, latitude, …).
    public static func fixed(_ points: [Coordinate]) -> [Int32] {
        var values: [Int32] = []
        values.reserveCapacity(points.count * 2)
        for point in points {
            let (latitude, longitude) = fixed(point)
            values += [latitude, longitude]
        }
        return values
    }

    /// The coordinates of interleaved 1e-7 degree values.
    public static func coordinates(_ values: [Int32]) -> [Coordinate] {
        stride(from: 0, to: values.count - 1, by: 2).map { Coordinate(latitude: Double(values[$0]) / scale, longitude: Double(values[$0 + 1]) / scale) }
    }

    /// `point` at the 1e-7 degree grid (what it is after a trip through `fixed`).
    public static func quantized(_ point: Coordinate) -> Coordinate {
        let (latitude, longitude) = fixed(point)
        return Coordinate(latitude: Double(latitude) / scale, longitude: Double(longitude) / scale)
    }
}
