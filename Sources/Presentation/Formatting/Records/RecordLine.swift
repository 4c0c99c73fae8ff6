import Domain
import Foundation

/// One run as `records --json` prints it: one JSON object per line, in the frames' style (snake_case,
/// units in the key: `distance_m`, `duration_s`), schema docs/record.schema.json (docs/RECORDS.md).
public struct RecordLine: Encodable, Sendable {
    /// One runner's line of the run.
    public struct Result: Encodable, Sendable {
        /// The runner's name.
        public let name: String
        /// 1-based rank; nil when unranked (cancelled).
        public let rank: Int?
        /// Metres covered.
        public let distanceMetres: Double
        /// Seconds run.
        public let elapsedSeconds: Double
        /// Seconds to the goal; nil when the runner did not finish.
        public let finishSeconds: Double?
        /// waiting, running, finished or cancelled.
        public let state: String
        /// Whether this is our own runner.
        public let me: Bool
        /// Whether this line is a ghost (ranked on screen, counted in no totals).
        public let ghost: Bool

        enum CodingKeys: String, CodingKey {
            case name, rank, state, me, ghost
            case distanceMetres = "distance_m", elapsedSeconds = "elapsed_s", finishSeconds = "finish_s"
        }

        /// Absent optionals are written as null, so every line has every key.
        public func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(name, forKey: .name)
            try container.encode(rank, forKey: .rank)
            try container.encode(distanceMetres, forKey: .distanceMetres)
            try container.encode(elapsedSeconds, forKey: .elapsedSeconds)
            try container.encode(finishSeconds, forKey: .finishSeconds)
            try container.encode(state, forKey: .state)
            try container.encode(me, forKey: .me)
            try container.encode(ghost, forKey: .ghost)
        }
    }

    /// The course of a run: which (digest), its file's name, one lap's length and the laps.
    public struct Course: Encodable, Sendable {
        public let digest: String
        public let name: String
        public let lengthMetres: Double
        public let laps: Int

        enum CodingKeys: String, CodingKey {
            case digest, name, laps
            case lengthMetres = "length_m"
        }

        /// The object of `terms`.
        public init(_ terms: CourseTerms) {
            digest = terms.digest
            name = terms.name
            lengthMetres = terms.length
            laps = terms.laps
        }
    }

    /// The run's id.
    public let id: String
    /// When our runner started, ISO 8601.
    public let startedAt: String
    /// Our runner's name.
    public let runner: String
    /// single, race or team.
    public let mode: String
    /// The goal in metres.
    public let goalMetres: Double
    /// finished, cancelled, stopped or interrupted.
    public let status: String
    /// A run of `materunner demo` (left out of the totals).
    public let demo: Bool
    /// Metres our runner covered.
    public let distanceMetres: Double
    /// Seconds our runner ran.
    public let durationSeconds: Double
    /// Kilocalories, to a tenth.
    public let kilocalories: Double
    /// 1-based rank; nil when unranked (cancelled).
    public let rank: Int?
    /// Cheers our runner received.
    public let cheersReceived: Int
    /// How many route points were recorded.
    public let routePoints: Int
    /// Every runner's line, best rank first.
    public let results: [Result]
    /// The course the run was on; nil without one.
    public let course: Course?
    /// Whether this run is the personal record of its course and goal (`CourseRecords.best`); false
    /// without a course.
    public let courseBest: Bool
    /// Our rank among the runners who ran, ghosts left out; nil when unranked.
    public let rankAmongRunners: Int?

    enum CodingKeys: String, CodingKey {
        case id, runner, mode, status, rank, results, course
        case courseBest = "course_best", rankAmongRunners = "rank_among_runners"
        case startedAt = "started_at", goalMetres = "goal_m", distanceMetres = "distance_m"
        case durationSeconds = "duration_s", kilocalories = "calories_kcal", cheersReceived = "cheers_received"
        case routePoints = "route_points", demo
    }

    /// Absent optionals are written as null, so every line has every key.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(id, forKey: .id)
        try container.encode(startedAt, forKey: .startedAt)
        try container.encode(runner, forKey: .runner)
        try container.encode(mode, forKey: .mode)
        try container.encode(goalMetres, forKey: .goalMetres)
        try container.encode(status, forKey: .status)
        try container.encode(demo, forKey: .demo)
        try container.encode(distanceMetres, forKey: .distanceMetres)
        try container.encode(durationSeconds, forKey: .durationSeconds)
        try container.encode(kilocalories, forKey: .kilocalories)
        try container.encode(rank, forKey: .rank)
        try container.encode(cheersReceived, forKey: .cheersReceived)
        try container.encode(routePoints, forKey: .routePoints)
        try container.encode(results, forKey: .results)
        try container.encode(course, forKey: .course)
        try container.encode(courseBest, forKey: .courseBest)
        try container.encode(rankAmongRunners, forKey: .rankAmongRunners)
    }

    /// The line of `record`; `courseBest` says whether it is its course's personal record.
    public init(_ record: RunRecord, courseBest: Bool = false) {
        id = record.id
        startedAt = record.startedAt.formatted(.iso8601)
        runner = record.runnerName
        mode = "\(record.terms.mode)"
        goalMetres = record.terms.goal.metres
        status = record.status.rawValue
        demo = record.isDemo
        distanceMetres = record.distance
        durationSeconds = record.duration
        kilocalories = (record.kilocalories * 10).rounded() / 10
        rank = record.rank
        cheersReceived = record.cheersReceived
        routePoints = record.route.count
        results = record.results.map {
            Result(
                name: $0.name, rank: $0.rank == Standing.unranked ? nil : $0.rank, distanceMetres: $0.distance,
                elapsedSeconds: $0.elapsed, finishSeconds: $0.finishTime, state: "\($0.phase)", me: $0.isMe,
                ghost: $0.isGhost
            )
        }
        course = record.terms.course.map(Course.init)
        self.courseBest = courseBest
        rankAmongRunners = record.rankAmongRunners
    }

    /// The object on one line, keys sorted.
    public static func json(_ value: some Encodable) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return String(decoding: try encoder.encode(value), as: UTF8.self)
    }
}
