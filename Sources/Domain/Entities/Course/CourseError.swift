/// Why a course cannot be used. Each message says what is wrong and what to do.
public enum CourseError: Error, Equatable, CustomStringConvertible {
    /// Fewer than two distinct points.
    case tooFewPoints(Int)
    /// More than `Course.maximumPoints`.
    case tooManyPoints(Int)
    /// A point outside latitude -90...90 / longitude -180...180, or not a number.
    case invalidCoordinate(index: Int)
    /// Shorter than `Course.minimumLength`.
    case tooShort(metres: Double)
    /// Longer than `Course.maximumLength`.
    case tooLong(metres: Double)
    /// `--laps` outside 1...`LappedCourse.maximumLaps`.
    case badLaps(Int)
    /// Laps of a course whose end is far from its start.
    case notALoop(gap: Double)

    public var description: String {
        switch self {
        case .tooFewPoints(let count):
            "the course has \(count) distinct point(s): a course needs at least 2 (a GPX <trkpt> track or an <rtept> route)"
        case .tooManyPoints(let count):
            "the course has \(count) points, more than \(Course.maximumPoints): simplify it in a route planner"
        case .invalidCoordinate(let index):
            "point \(index + 1) of the course is not a valid latitude/longitude: fix or remove it"
        case .tooShort(let metres):
            "the course is \(Int(metres)) m long, shorter than \(Int(Course.minimumLength)) m: use a longer course"
        case .tooLong(let metres):
            "the course is \(Int(metres / 1000)) km long, longer than \(Int(Course.maximumLength / 1000)) km: use a shorter course"
        case .badLaps(let laps):
            "--laps \(laps) is not between 1 and \(LappedCourse.maximumLaps)"
        case .notALoop(let gap):
            "the course ends \(Int(gap)) m from its start, more than \(Int(LappedCourse.maximumClosingGap)) m: "
                + "--laps needs a loop (or an out-and-back) that ends where it starts"
        }
    }
}
