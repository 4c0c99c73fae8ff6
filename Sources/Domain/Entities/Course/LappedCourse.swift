import Foundation

/// A course run `laps` times, laid out for matching: every segment of every lap in one sequence of
/// "total" metres from the race's start, on a local plane (metres east and north of the course's
/// first point) so that projecting a position costs a few multiplications, not trigonometry.
///
/// The plane is an equirectangular projection at the course's mean latitude: over a course tens of
/// kilometres long its scale error is a fraction of a percent of the distance *from* the course (the
/// off-course threshold), and it never touches distance *along* the course, which is haversine
/// (`Course.distances`). Laps of a loop whose end is not exactly its start add the closing segment
/// (end back to start) to every lap but the last.
public struct LappedCourse: Sendable, Hashable {
    /// The most laps a race may have.
    public static let maximumLaps = 100
    /// The farthest a lapped course may end from its start, in metres: a loop drawn in a route
    /// planner or recorded by a receiver closes within a few metres; beyond this it is not a loop.
    public static let maximumClosingGap = 100.0

    /// The course of one lap.
    public let course: Course
    /// How many laps.
    public let laps: Int
    /// One lap, in metres (with the closing segment when there is more than one lap).
    public let lapLength: Double
    /// The whole race along the course, in metres: laps × lap length (the last lap without the closing segment).
    public let totalLength: Double

    // One lap's segments on the plane: start (ax, ay), direction (dx, dy), 1 / |d|², and along the
    // course, each segment's start and haversine length in metres within the lap.
    let ax: [Double]
    let ay: [Double]
    let dx: [Double]
    let dy: [Double]
    let inverseSquaredLength: [Double]
    let starts: [Double]
    let lengths: [Double]
    /// Segments in all laps together.
    let segmentCount: Int
    private let origin: Coordinate
    private let metresPerDegreeLongitude: Double
    private let metresPerDegreeLatitude: Double

    /// `course` run `laps` times (a lap count above 1 needs a loop: see `maximumClosingGap`).
    public init(course: Course, laps: Int = 1) throws(CourseError) {
        guard (1...Self.maximumLaps).contains(laps) else { throw .badLaps(laps) }
        let gap = course.closingGap
        if laps > 1, gap > Self.maximumClosingGap { throw .notALoop(gap: gap) }
        self.course = course
        self.laps = laps
        let closes = laps > 1 && gap > 0
        lapLength = course.length + (closes ? gap : 0)
        totalLength = lapLength * Double(laps - 1) + course.length
        guard totalLength <= Course.maximumLength else { throw .tooLong(metres: totalLength) }

        origin = course.points[0]
        let meanLatitude = course.points.reduce(0) { $0 + $1.latitude } / Double(course.points.count)
        metresPerDegreeLatitude = Geodesy.earthRadius * .pi / 180
        metresPerDegreeLongitude = metresPerDegreeLatitude * cos(meanLatitude * .pi / 180)

        var vertices = course.points
        var starts = Array(course.distances.dropLast())
        var lengths = zip(course.distances.dropFirst(), course.distances).map { $0 - $1 }
        if closes {
            vertices.append(course.points[0])
            starts.append(course.length)
            lengths.append(gap)
        }
        var ax: [Double] = [], ay: [Double] = [], dx: [Double] = [], dy: [Double] = [], inverse: [Double] = []
        for (a, b) in zip(vertices, vertices.dropFirst()) {
            let (x0, y0) = (a.longitude - origin.longitude, a.latitude - origin.latitude)
            let (x1, y1) = (b.longitude - origin.longitude, b.latitude - origin.latitude)
            let start = (x0 * metresPerDegreeLongitude, y0 * metresPerDegreeLatitude)
            let direction = ((x1 - x0) * metresPerDegreeLongitude, (y1 - y0) * metresPerDegreeLatitude)
            let squared = direction.0 * direction.0 + direction.1 * direction.1
            ax.append(start.0)
            ay.append(start.1)
            dx.append(direction.0)
            dy.append(direction.1)
            inverse.append(squared > 0 ? 1 / squared : 0)
        }
        (self.ax, self.ay, self.dx, self.dy, inverseSquaredLength) = (ax, ay, dx, dy, inverse)
        self.starts = starts
        self.lengths = lengths
        segmentCount = laps * starts.count - (closes ? 1 : 0)
    }

    /// The finish (the course's last point) on the plane.
    var finish: (x: Double, y: Double) { planar(course.points[course.points.count - 1]) }

    /// Segments per lap.
    var segmentsPerLap: Int { starts.count }

    /// `coordinate` on the plane, in metres east and north of the course's first point.
    func planar(_ coordinate: Coordinate) -> (x: Double, y: Double) {
        ((coordinate.longitude - origin.longitude) * metresPerDegreeLongitude,
         (coordinate.latitude - origin.latitude) * metresPerDegreeLatitude)
    }

    /// Where segment `index` (of all laps) starts, in metres from the race's start.
    func start(ofSegment index: Int) -> Double {
        Double(index / segmentsPerLap) * lapLength + starts[index % segmentsPerLap]
    }

    /// The segment (of all laps) on which `metres` from the race's start lies.
    func segment(containing metres: Double) -> Int {
        guard metres > 0 else { return 0 }
        let lap = min(laps - 1, Int(metres / lapLength))
        let within = metres - Double(lap) * lapLength
        var low = 0
        var high = segmentsPerLap
        while high - low > 1 {
            let middle = (low + high) / 2
            if starts[middle] <= within { low = middle } else { high = middle }
        }
        return min(segmentCount - 1, lap * segmentsPerLap + low)
    }

    /// The lap (1-based) that `metres` from the race's start is in.
    public func lap(at metres: Double) -> Int {
        guard metres > 0 else { return 1 }
        return min(laps, Int(metres / lapLength) + 1)
    }

    /// The point on the course `metres` from the race's start (clamped to the race).
    public func coordinate(at metres: Double) -> Coordinate {
        guard metres < totalLength else { return course.points[course.points.count - 1] }
        let lap = min(laps - 1, Int(max(0, metres) / lapLength))
        let within = max(0, metres - Double(lap) * lapLength)
        guard within > course.length else { return course.coordinate(at: within) }
        // On the closing segment, from the end back to the start.
        let fraction = min(1, (within - course.length) / max(lapLength - course.length, .leastNonzeroMagnitude))
        let (a, b) = (course.points[course.points.count - 1], course.points[0])
        return Coordinate(
            latitude: a.latitude + (b.latitude - a.latitude) * fraction,
            longitude: a.longitude + (b.longitude - a.longitude) * fraction
        )
    }
}
