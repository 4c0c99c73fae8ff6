/// The fixes the GPS noise filter dropped so far (a `status` frame's `position.dropped_fixes`), so a
/// front-end can say why the distance does not grow with a fix on screen.
public struct FrontEndDroppedFixes: Codable, Sendable, Equatable {
    /// How many fixes were dropped, every reason together.
    public var count: Int
    /// The accuracy limit in metres: fixes reporting a larger error are dropped (`run --max-accuracy`);
    /// nil when there is none.
    public var maximumAccuracyMetres: Double?
    /// One line naming each reason with its number and how to change the limit:
    /// `fixes dropped: accuracy 23 m > 20 m ×12; raise with --max-accuracy`.
    public var summary: String

    public init(count: Int, maximumAccuracyMetres: Double?, summary: String) {
        self.count = count
        self.maximumAccuracyMetres = maximumAccuracyMetres
        self.summary = summary
    }

    enum CodingKeys: String, CodingKey {
        case count, summary
        case maximumAccuracyMetres = "max_accuracy_m"
    }
}
