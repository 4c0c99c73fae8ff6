import Foundation

/// Our runs of one course to one goal, with the personal record: what `records` lists under a course.
public struct CourseRecords: Sendable, Hashable {
    /// The course (digest and laps tell courses apart; the name is the first run's).
    public var course: CourseTerms
    /// The goal those runs aimed at (times to other goals of the same course are another group).
    public var goal: RaceGoal
    /// The runs, newest first.
    public var runs: [RunRecord]

    /// A group of runs of one course.
    public init(course: CourseTerms, goal: RaceGoal, runs: [RunRecord]) {
        self.course = course
        self.goal = goal
        self.runs = runs
    }

    /// The personal record: the finished run with the shortest time (the earliest of equal times);
    /// nil when no run finished.
    public var best: RunRecord? {
        runs.filter { $0.status == .finished && $0.mine?.phase == .finished }
            .min { ($0.duration, $0.startedAt) < ($1.duration, $1.startedAt) }
    }
}
