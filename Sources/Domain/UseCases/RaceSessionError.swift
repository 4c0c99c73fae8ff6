import Foundation

/// Why a run could not go on.
public enum RaceSessionError: Error, Equatable, CustomStringConvertible {
    /// Not enough mates were heard from in time (`waited`: real seconds).
    case matesDidNotShowUp(heard: Int, expected: Int, waited: TimeInterval)
    /// The position source ended before the goal was reached: what our run had then.
    case positionSourceEnded(SourceEnd)
    /// A mate runs another course (another digest or number of laps): the race cannot be compared.
    case otherCourse(mate: String, theirs: CourseTerms?, ours: CourseTerms?)
    /// A mate heard runs under other terms (goal, mode or speed-up) while we wait for mates, or in a run
    /// whose runners were agreed: we would wait for nothing, or race a clock that runs at another speed.
    case otherTerms(TermsMismatch)

    /// What a run had when its position source ended.
    public struct SourceEnd: Sendable, Equatable {
        /// Metres counted (along the course in a course race).
        public var distance: Double
        /// Fixes used, and dropped by the noise filter by reason.
        public var usedFixes: Int
        public var dropped: [DistanceTracker.Rejection: Int]
        /// In a course race: the course, and fixes too far from it to count.
        public var course: CourseTerms?
        public var farFromCourse: Int

        /// What the run had.
        public init(distance: Double, usedFixes: Int = 0, dropped: [DistanceTracker.Rejection: Int] = [:], course: CourseTerms? = nil, farFromCourse: Int = 0) {
            self.distance = distance
            self.usedFixes = usedFixes
            self.dropped = dropped
            self.course = course
            self.farFromCourse = farFromCourse
        }

        var summary: String {
            var parts = ["\(usedFixes) fix(es) used"]
            let total = dropped.values.reduce(0, +)
            if total > 0 {
                let reasons = dropped.keys.sorted { $0.rawValue < $1.rawValue }.map { "\(dropped[$0] ?? 0) \($0.rawValue)" }
                parts.append("\(total) dropped by the GPS noise filter (\(reasons.joined(separator: ", ")))")
            }
            if let course { parts.append("\(farFromCourse) more than 50 m from the course \(course.name)") }
            return parts.joined(separator: ", ")
        }
    }

    public var description: String {
        switch self {
        case let .matesDidNotShowUp(heard, expected, waited):
            "heard from \(heard) of \(expected) mate(s) in \(Int(waited.rounded())) s: check that they run materunner on "
                + "the same network with the same --goal, that UDP is not blocked, or pass --peer HOST:PORT"
        case let .positionSourceEnded(end):
            "the position source ended at \(Int(end.distance)) m, before the goal (\(end.summary)): "
                + (end.course == nil ? "use a longer track or a shorter --goal" : "replay a track that runs the whole course, or give a shorter --goal")
        case let .otherCourse(mate, theirs, ours):
            "\(mate) runs \(theirs.map { "the course \($0)" } ?? "without a course"), "
                + "this runner \(ours.map { "the course \($0)" } ?? "without a course"): "
                + "every runner must pass the same --course file (and --laps)"
        case let .otherTerms(mismatch):
            "\(mismatch): every runner must give the same \(mismatch.options.joined(separator: ", "))"
        }
    }
}
