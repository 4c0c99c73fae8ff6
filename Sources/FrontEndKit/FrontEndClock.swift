/// The world clock, as a `clock` frame carries it: the race clock it was read from, which day is
/// shown (today, or some days before or after), and the time in each configured zone.
public struct FrontEndClock: Codable, Sendable, Equatable {
    /// Where the time comes from, e.g. `system clock` or `agreed race clock`.
    public var source: String
    /// The instant shown, ISO-8601 UTC (the race clock's now moved by `day_offset` days).
    public var instant: String
    /// Days from today: 0 now, -1 the previous day, 1 the next day.
    public var dayOffset: Int
    /// `today`, `yesterday`, `tomorrow`, or e.g. `3 days ago`, `in 2 days`.
    public var day: String
    /// This machine's clock minus the race clock, e.g. `+0.000 s`.
    public var offset: String
    /// The same in seconds.
    public var offsetSeconds: Double
    /// How far the race clock may be off, e.g. `±0.004 s`, or `unknown`.
    public var uncertainty: String
    /// The same in seconds; absent when unknown.
    public var uncertaintySeconds: Double?
    /// The time in each zone, in the order asked for.
    public var zones: [FrontEndZoneTime]

    /// A world clock read from `source`, showing `instant` in `zones`.
    public init(
        source: String, instant: String, dayOffset: Int, day: String, offset: String, offsetSeconds: Double,
        uncertainty: String, uncertaintySeconds: Double?, zones: [FrontEndZoneTime]
    ) {
        self.source = source
        self.instant = instant
        self.dayOffset = dayOffset
        self.day = day
        self.offset = offset
        self.offsetSeconds = offsetSeconds
        self.uncertainty = uncertainty
        self.uncertaintySeconds = uncertaintySeconds
        self.zones = zones
    }

    enum CodingKeys: String, CodingKey {
        case source, instant, day, offset, uncertainty, zones
        case dayOffset = "day_offset"
        case offsetSeconds = "offset_s"
        case uncertaintySeconds = "uncertainty_s"
    }
}
