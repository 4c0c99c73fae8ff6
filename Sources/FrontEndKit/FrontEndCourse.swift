/// The course of a course race (the `course` frame, once at the start): enough to draw a map of it
/// without geometry of one's own.
public struct FrontEndCourse: Codable, Sendable, Equatable {
    /// The course's name (its GPX `<name>`, or its file's name).
    public var name: String
    /// The file it was read from (its name only).
    public var file: String
    /// 16 hex digits naming the course's points (docs/COURSES.md).
    public var digest: String
    /// How many laps.
    public var laps: Int
    /// One lap, e.g. `1.91 km`.
    public var length: String
    /// One lap in metres.
    public var lengthMetres: Double
    /// The whole race along the course (every lap) in metres.
    public var totalMetres: Double
    /// The course's points, `[latitude, longitude]` in degrees, simplified to at most 300 (the ends kept).
    public var points: [[Double]]

    /// A course.
    public init(
        name: String, file: String, digest: String, laps: Int, length: String, lengthMetres: Double, totalMetres: Double,
        points: [[Double]]
    ) {
        self.name = name
        self.file = file
        self.digest = digest
        self.laps = laps
        self.length = length
        self.lengthMetres = lengthMetres
        self.totalMetres = totalMetres
        self.points = points
    }

    enum CodingKeys: String, CodingKey {
        case name, file, digest, laps, length, points
        case lengthMetres = "length_m"
        case totalMetres = "total_m"
    }
}

/// One runner on the course, in a course race's status and result frames (whether it is off course is
/// the runner's own `off_course`).
public struct FrontEndRunnerCourse: Codable, Sendable, Equatable {
    /// Metres along the course from the start (every lap): what the race counts.
    public var progressMetres: Double
    /// The lap the runner is in (1-based).
    public var lap: Int
    /// The point on the course at `progressMetres`, in degrees.
    public var latitude: Double
    public var longitude: Double
    /// This peer's own runner only: the distance its receiver measured (through the noise filter), in metres.
    public var gpsDistanceMetres: Double?

    /// A runner's place on the course.
    public init(progressMetres: Double, lap: Int, latitude: Double, longitude: Double, gpsDistanceMetres: Double? = nil) {
        self.progressMetres = progressMetres
        self.lap = lap
        self.latitude = latitude
        self.longitude = longitude
        self.gpsDistanceMetres = gpsDistanceMetres
    }

    enum CodingKeys: String, CodingKey {
        case lap
        case progressMetres = "progress_m"
        case latitude = "lat"
        case longitude = "lon"
        case gpsDistanceMetres = "gps_distance_m"
    }
}
