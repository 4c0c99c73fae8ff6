/// One raw reading of the race clock, as the repository delivers it (the seed's `UtcTimeModel`):
/// the time as text, not yet a `Date`, with what is known about how good it is.
public struct ClockReading: Sendable, Hashable {
    /// The race clock's current time, ISO-8601 UTC with fractional seconds, e.g. `2027-01-15T08:00:00.000Z`.
    public var currentDateTime: String
    /// This machine's clock minus the race clock, in seconds (0 when the race clock is this machine's).
    public var offsetSeconds: Double
    /// How far the race clock may be off, in seconds; nil when nobody estimated it.
    public var uncertaintySeconds: Double?
    /// Where the time comes from, e.g. `system clock` or `agreed race clock`.
    public var source: String

    /// A reading of `currentDateTime` from `source`.
    public init(currentDateTime: String, offsetSeconds: Double, uncertaintySeconds: Double?, source: String) {
        self.currentDateTime = currentDateTime
        self.offsetSeconds = offsetSeconds
        self.uncertaintySeconds = uncertaintySeconds
        self.source = source
    }
}
