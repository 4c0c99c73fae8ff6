/// The shown instant in one time zone, ready to draw.
public struct FrontEndZoneTime: Codable, Sendable, Equatable {
    /// The IANA identifier, e.g. `Asia/Seoul`.
    public var zone: String
    /// The local date, `2027-01-15`.
    public var date: String
    /// The local weekday, `Fri`.
    public var weekday: String
    /// The local time, `17:00:00`.
    public var time: String
    /// The zone's offset from UTC at that instant, `+09:00`.
    public var utcOffset: String

    /// `zone` shows `date` `weekday` `time` at UTC`utcOffset`.
    public init(zone: String, date: String, weekday: String, time: String, utcOffset: String) {
        self.zone = zone
        self.date = date
        self.weekday = weekday
        self.time = time
        self.utcOffset = utcOffset
    }

    enum CodingKeys: String, CodingKey {
        case zone, date, weekday, time
        case utcOffset = "utc_offset"
    }
}
