import Foundation

/// The world clock's model (the seed's `Model(Date)`): the race clock's instant, parsed, and the
/// day shown, some whole days before or after it.
public struct WorldClockModel: Sendable, Hashable {
    /// The race clock's now, when it was read.
    public var instant: Date
    /// Days from that instant: 0 today, -1 the previous day, 1 the next day.
    public var dayOffset: Int
    /// This machine's clock minus the race clock, in seconds.
    public var offsetSeconds: Double
    /// How far the race clock may be off, in seconds; nil when unknown.
    public var uncertaintySeconds: Double?
    /// Where the time comes from.
    public var source: String

    /// A model of `instant` shown `dayOffset` days away.
    public init(instant: Date, dayOffset: Int, offsetSeconds: Double, uncertaintySeconds: Double?, source: String) {
        self.instant = instant
        self.dayOffset = dayOffset
        self.offsetSeconds = offsetSeconds
        self.uncertaintySeconds = uncertaintySeconds
        self.source = source
    }

    /// The instant shown: `instant` moved by `dayOffset` days of 24 hours.
    public var shown: Date {
        instant.addingTimeInterval(Double(dayOffset) * 86_400)
    }
}
