/// How a mate's terms differ from ours, said in the words of the options that set them: "bob races
/// 2.00 km, you 1.00 km". Runners who differ in goal, mode, course or speed-up are not one run.
public struct TermsMismatch: Sendable, Hashable, CustomStringConvertible {
    /// The mate's name.
    public var mate: String
    /// The mate's terms and ours.
    public var theirs: RaceTerms
    public var ours: RaceTerms

    /// The mismatch between `theirs` (from `mate`) and `ours`; nil when they are the same terms.
    public init?(mate: String, theirs: RaceTerms, ours: RaceTerms) {
        guard theirs != ours else { return nil }
        self.mate = mate
        self.theirs = theirs
        self.ours = ours
    }

    /// Each difference, one clause each: goal, mode, course, speed-up.
    public var differences: [String] {
        var parts: [String] = []
        if theirs.goal != ours.goal { parts.append("\(mate) races \(theirs.goal), you \(ours.goal)") }
        if theirs.mode != ours.mode {
            parts.append("\(mate) runs \(Self.name(theirs.mode)), you \(Self.name(ours.mode))")
        }
        if theirs.course != ours.course {
            parts.append("\(mate) runs \(Self.name(theirs.course)), you \(Self.name(ours.course))")
        }
        if theirs.speedup != ours.speedup {
            parts.append("\(mate) runs at --speedup \(Self.name(theirs.speedup)), you at \(Self.name(ours.speedup))")
        }
        return parts
    }

    /// The options that differ, as a person passes them.
    public var options: [String] {
        var options: [String] = []
        if theirs.goal != ours.goal { options.append("--goal") }
        if theirs.mode != ours.mode { options.append("--mode") }
        if theirs.course != ours.course { options.append("--course (and --laps)") }
        if theirs.speedup != ours.speedup { options.append("--speedup") }
        return options
    }

    /// "bob races 2.00 km, you 1.00 km".
    public var description: String { differences.joined(separator: "; ") }

    static func name(_ mode: RaceMode) -> String {
        switch mode {
        case .single: "alone"
        case .race: "a race"
        case .team: "a team run"
        }
    }

    static func name(_ course: CourseTerms?) -> String {
        course.map { "the course \($0)" } ?? "without a course"
    }

    /// 10 for 10.0, 2.5 for 2.5.
    static func name(_ speedup: Double) -> String {
        speedup == speedup.rounded() ? "\(Int(speedup))" : "\(speedup)"
    }
}
