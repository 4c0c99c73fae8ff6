/// The shown instant in one time zone.
public struct WorldClockRow: Sendable, Equatable {
    /// The IANA identifier, e.g. `Asia/Seoul`.
    public var zone: String
    /// `2027-01-15`.
    public var date: String
    /// `Fri`.
    public var weekday: String
    /// `17:00:00`.
    public var time: String
    /// The zone's offset from UTC at that instant, `+09:00`.
    public var utcOffset: String

    /// A row for `zone`.
    public init(zone: String, date: String, weekday: String, time: String, utcOffset: String) {
        self.zone = zone
        self.date = date
        self.weekday = weekday
        self.time = time
        self.utcOffset = utcOffset
    }
}
