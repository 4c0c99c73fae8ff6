/// The words of every cue in one language. The cue logic asks for sentences; only this type knows
/// the language, so a new language is one more `Phrases` value.
public struct Phrases: Sendable {
    /// The languages cues are written in (`audio.language`).
    public static let languages = ["en", "de"]

    /// Who a cheer went to.
    public enum CheerTarget: Sendable, Equatable {
        case you, everyone
        case mate(String)
    }

    let distance: @Sendable (Double) -> String
    let duration: @Sendable (Double) -> String
    let ordinal: @Sendable (Int) -> String
    let sentences: Sentences

    /// The phrases of `language` (one of `languages`; English otherwise).
    public static func of(_ language: String) -> Phrases {
        language == "de" ? .german : .english
    }

    // MARK: Sentences

    /// A split: `1 kilometre in 5 minutes 12 seconds, pace 5 minutes 12 per kilometre, 2nd of 3`.
    public func split(metres: Double, seconds: Double, pace: Double?, rank: Int, runners: Int) -> String {
        sentences.split(distance(metres), duration(seconds), pace.map(duration), rank > 0 && runners > 1 ? (ordinal(rank), runners) : nil)
    }

    /// `bob passed you`.
    public func passedBy(_ name: String) -> String { sentences.passedBy(name) }
    /// `you passed bob`.
    public func passed(_ name: String) -> String { sentences.passed(name) }
    /// `bob leads by 40 metres`.
    public func behindLeader(_ name: String, metres: Double) -> String { sentences.behind(name, distance(metres)) }
    /// `you lead bob by 40 metres`.
    public func ahead(of name: String, metres: Double) -> String { sentences.ahead(name, distance(metres)) }
    /// `you are level with bob`.
    public func level(with name: String) -> String { sentences.level(name) }
    /// `bob finished 1st in 5 minutes 14 seconds`.
    public func mateFinished(_ name: String, seconds: Double, rank: Int) -> String {
        sentences.mateFinished(name, rank > 0 ? ordinal(rank) : nil, duration(seconds))
    }
    /// `bob cancelled`.
    public func mateCancelled(_ name: String) -> String { sentences.mateCancelled(name) }
    /// `lost contact with bob`.
    public func mateLost(_ name: String) -> String { sentences.mateLost(name) }
    /// `bob is back`.
    public func mateBack(_ name: String) -> String { sentences.mateBack(name) }
    /// `you finished 2nd of 3 in 5 minutes 20 seconds`.
    public func youFinished(seconds: Double, rank: Int, runners: Int) -> String {
        sentences.youFinished(duration(seconds), rank > 0 && runners > 1 ? (ordinal(rank), runners) : nil)
    }
    /// `you cancelled your run`.
    public var youCancelled: String { sentences.youCancelled }
    /// `alice cheers you`.
    public func cheer(from name: String, to target: CheerTarget) -> String { sentences.cheer(name, target) }
    /// `off course`.
    public var offCourse: String { sentences.offCourse }
    /// `back on course`.
    public var backOnCourse: String { sentences.backOnCourse }
    /// `alice invites you to a race to 5 kilometres. Code 1 2 3, 4 5 6: ...`.
    public func invitation(from name: String, mode: String, goalMetres: Double, code: String?) -> String {
        let digits = code.map { code in
            let spaced = code.map(String.init)
            return spaced.count == 6 ? spaced[0..<3].joined(separator: " ") + ", " + spaced[3...].joined(separator: " ") : spaced.joined(separator: " ")
        }
        return sentences.invitation(name, mode, distance(goalMetres), digits)
    }
    /// `bob wins in 5 minutes 14 seconds. You are 2nd in 5 minutes 20 seconds.` (nil parts left out).
    public func result(winner: (name: String, seconds: Double)?, me: (rank: Int, seconds: Double, finished: Bool)?) -> String {
        sentences.result(winner.map { ($0.name, duration($0.seconds)) },
                         me.map { ($0.finished && $0.rank > 0 ? ordinal($0.rank) : nil, duration($0.seconds)) })
    }
}
