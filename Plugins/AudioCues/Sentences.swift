/// The sentence templates of one language.
struct Sentences: Sendable {
    var split: @Sendable (String, String, String?, (String, Int)?) -> String
    var passedBy: @Sendable (String) -> String
    var passed: @Sendable (String) -> String
    var behind: @Sendable (String, String) -> String
    var ahead: @Sendable (String, String) -> String
    var level: @Sendable (String) -> String
    var mateFinished: @Sendable (String, String?, String) -> String
    var mateCancelled: @Sendable (String) -> String
    var mateLost: @Sendable (String) -> String
    var mateBack: @Sendable (String) -> String
    var youFinished: @Sendable (String, (String, Int)?) -> String
    var youCancelled: String
    var cheer: @Sendable (String, Phrases.CheerTarget) -> String
    var offCourse: String
    var backOnCourse: String
    var invitation: @Sendable (String, String, String, String?) -> String
    var result: @Sendable ((String, String)?, (String?, String)?) -> String
}
