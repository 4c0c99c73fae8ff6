/// One runner's line in a frame: display strings beside their SI values.
public struct FrontEndRunner: Codable, Sendable, Equatable {
    /// The runner id, 16 hex digits.
    public var id: String
    /// The runner's name.
    public var name: String
    /// This peer's own runner.
    public var me: Bool
    /// 1-based position in the standings; absent for a cancelled runner (out of the ranking).
    public var rank: Int?
    /// `waiting`, `running`, `finished`, `lost` or `cancelled`.
    public var state: String
    /// Kilometres, truncated to 2 decimals, e.g. `0.42 km`.
    public var distance: String
    /// Metres covered.
    public var distanceMetres: Double
    /// Fraction of the goal, 0...1.
    public var progress: Double
    /// Ranked first.
    public var leader: Bool
    /// Running time (`MM:SS`/`HH:MM:SS`): the finish time once finished.
    public var time: String
    /// The same in seconds.
    public var timeSeconds: Double
    /// The finish time in seconds, once finished.
    public var finishSeconds: Double?
    /// Average pace, e.g. `5:20 /km`; absent until the runner has covered some distance.
    public var pace: String?
    /// Average speed in metres per second (the SI value behind `pace`).
    public var speedMetresPerSecond: Double?
    /// Energy burnt, e.g. `23 kcal`; absent when unknown (today: for mates, whose efforts are not on the wire).
    public var calories: String?
    /// The same in kilocalories.
    public var caloriesKcal: Double?
    /// True while the runner is off the race's course, false on it; absent when the race has no course.
    public var offCourse: Bool?
    /// In a course race: where the runner is on the course; absent otherwise.
    public var course: FrontEndRunnerCourse?
    /// True for a ghost (a recorded run replayed in the race: ranked on screen, counted in no totals);
    /// absent for a runner.
    public var ghost: Bool?
    /// For a ghost a mate announced: that mate's name (`ghost of alice, from carol`); absent otherwise.
    public var announcedBy: String?
    /// On a course with laps: each completed lap's time (`4:01`), first lap first; absent otherwise.
    public var laps: [String]?
    /// The same in seconds.
    public var lapsSeconds: [Double]?

    /// A runner's line; `pace`, `speed`, `calories` are optional and absent from the JSON when nil.
    public init(
        id: String, name: String, me: Bool, rank: Int?, state: String, distance: String, distanceMetres: Double,
        progress: Double, leader: Bool, time: String, timeSeconds: Double, finishSeconds: Double?,
        pace: String? = nil, speedMetresPerSecond: Double? = nil, calories: String? = nil, caloriesKcal: Double? = nil,
        offCourse: Bool? = nil, course: FrontEndRunnerCourse? = nil, ghost: Bool? = nil, announcedBy: String? = nil
    ) {
        self.id = id
        self.name = name
        self.me = me
        self.rank = rank
        self.state = state
        self.distance = distance
        self.distanceMetres = distanceMetres
        self.progress = progress
        self.leader = leader
        self.time = time
        self.timeSeconds = timeSeconds
        self.finishSeconds = finishSeconds
        self.pace = pace
        self.speedMetresPerSecond = speedMetresPerSecond
        self.calories = calories
        self.caloriesKcal = caloriesKcal
        self.offCourse = offCourse
        self.course = course
        self.ghost = ghost
        self.announcedBy = announcedBy
    }

    enum CodingKeys: String, CodingKey {
        case id, name, me, rank, state, distance, progress, leader, time, pace, calories, course, ghost, laps
        case lapsSeconds = "laps_s"
        case distanceMetres = "distance_m"
        case timeSeconds = "time_s"
        case finishSeconds = "finish_s"
        case speedMetresPerSecond = "speed_m_s"
        case caloriesKcal = "calories_kcal"
        case offCourse = "off_course"
        case announcedBy = "announced_by"
    }
}
