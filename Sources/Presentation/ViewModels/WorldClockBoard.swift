/// The world clock, ready to show: which day, the race clock's quality, and each zone's time.
public struct WorldClockBoard: Sendable, Equatable {
    /// Where the time comes from, e.g. `system clock`.
    public var source: String
    /// The instant shown, ISO-8601 UTC.
    public var instant: String
    /// Days from today: 0 now, -1 the previous day, 1 the next day.
    public var dayOffset: Int
    /// `today`, `yesterday`, `tomorrow`, `3 days ago`, `in 2 days`.
    public var day: String
    /// This machine's clock minus the race clock, e.g. `+0.000 s`.
    public var offset: String
    /// The same in seconds.
    public var offsetSeconds: Double
    /// How far the race clock may be off, e.g. `±0.004 s`, or `unknown`.
    public var uncertainty: String
    /// The same in seconds; nil when unknown.
    public var uncertaintySeconds: Double?
    /// One row per zone, in the order asked for.
    public var rows: [WorldClockRow]

    /// A board of `rows` for the instant shown.
    public init(
        source: String, instant: String, dayOffset: Int, day: String, offset: String, offsetSeconds: Double,
        uncertainty: String, uncertaintySeconds: Double?, rows: [WorldClockRow]
    ) {
        self.source = source
        self.instant = instant
        self.dayOffset = dayOffset
        self.day = day
        self.offset = offset
        self.offsetSeconds = offsetSeconds
        self.uncertainty = uncertainty
        self.uncertaintySeconds = uncertaintySeconds
        self.rows = rows
    }
}
