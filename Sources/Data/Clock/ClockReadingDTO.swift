/// The race clock as the Data layer reads it, before it becomes a Domain `ClockReading`: what the
/// sync layer's clock would report (its time as ISO-8601 text, the estimated offset of this
/// machine's clock and its uncertainty, both in milliseconds as NTP-style estimates are kept).
struct ClockReadingDTO: Codable, Sendable, Equatable {
    /// ISO-8601 UTC with milliseconds.
    var currentDateTime: String
    /// This machine's clock minus the race clock, in milliseconds.
    var offsetMilliseconds: Double
    /// Half the round-trip delay of the best exchange, in milliseconds; nil without any exchange.
    var uncertaintyMilliseconds: Double?
    /// `system` (this machine's clock, alone), `agreed` (the race clock agreed with the peers) or `host`
    /// (agreed, and this machine's clock is the race clock).
    var source: String

    enum CodingKeys: String, CodingKey {
        case currentDateTime
        case offsetMilliseconds = "offsetMs"
        case uncertaintyMilliseconds = "uncertaintyMs"
        case source
    }
}
