import Domain

/// `records totals --json`: the lifetime totals and each month's.
public struct TotalsLine: Encodable, Sendable {
    /// Totals in JSON units (metres, seconds).
    public struct Figures: Encodable, Sendable {
        /// How many runs.
        public let runs: Int
        /// Metres, to a centimetre.
        public let distanceMetres: Double
        /// Seconds, to a millisecond.
        public let durationSeconds: Double
        /// Kilocalories, to a tenth.
        public let kilocalories: Double
        /// Cheers received.
        public let cheersReceived: Int
        /// Races won (first among the runners who ran; a ghost's place counts for nothing).
        public let wins: Int

        enum CodingKeys: String, CodingKey {
            case runs, wins
            case distanceMetres = "distance_m", durationSeconds = "duration_s", kilocalories = "calories_kcal"
            case cheersReceived = "cheers_received"
        }

        /// The figures of `totals`.
        public init(_ totals: RunTotals) {
            runs = totals.count
            distanceMetres = (totals.distance * 100).rounded() / 100
            durationSeconds = (totals.duration * 1000).rounded() / 1000
            kilocalories = (totals.kilocalories * 10).rounded() / 10
            cheersReceived = totals.cheersReceived
            wins = totals.wins
        }
    }

    /// One course's runs to one goal and the personal record.
    public struct CourseBest: Encodable, Sendable {
        public let course: RecordLine.Course
        public let goalMetres: Double
        public let runs: Int
        /// The best time in seconds; nil when no run finished.
        public let bestSeconds: Double?
        /// The id of the best run; nil when no run finished.
        public let bestID: String?

        enum CodingKeys: String, CodingKey {
            case course, runs
            case goalMetres = "goal_m", bestSeconds = "best_s", bestID = "best_id"
        }

        /// Absent optionals are written as null.
        public func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(course, forKey: .course)
            try container.encode(goalMetres, forKey: .goalMetres)
            try container.encode(runs, forKey: .runs)
            try container.encode(bestSeconds, forKey: .bestSeconds)
            try container.encode(bestID, forKey: .bestID)
        }

        /// The figures of one group.
        public init(_ group: CourseRecords) {
            course = RecordLine.Course(group.course)
            goalMetres = group.goal.metres
            runs = group.runs.count
            bestSeconds = group.best.map { ($0.duration * 1000).rounded() / 1000 }
            bestID = group.best?.id
        }
    }

    /// One month's figures.
    public struct Month: Encodable, Sendable {
        /// `YYYY-MM`.
        public let month: String
        /// That month's figures.
        public let totals: Figures
    }

    /// Every run's figures.
    public let lifetime: Figures
    /// Each month's, newest first.
    public let months: [Month]
    /// Each course's runs and personal record, the course run last first.
    public let courses: [CourseBest]

    /// The line of the lifetime totals, each month's and each course's.
    public init(lifetime: RunTotals, monthly: [MonthTotals], courses: [CourseRecords] = []) {
        self.lifetime = Figures(lifetime)
        months = monthly.map { Month(month: "\($0.month)", totals: Figures($0.totals)) }
        self.courses = courses.map(CourseBest.init)
    }
}
