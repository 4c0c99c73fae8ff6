/// How long to wait before reconnecting: doubling from `initial` up to `maximum`, for at most
/// `attempts` connections in a row that fail before any report arrives (nil: forever).
public struct ReconnectBackoff: Sendable, Equatable {
    /// The first wait, in seconds.
    public var initial: Double
    /// The longest wait, in seconds.
    public var maximum: Double
    /// How many failed connections in a row are allowed; nil keeps trying for as long as the run lasts.
    public var attempts: Int?

    /// Half a second, doubling up to 8 s, forever: gpsd restarting (a package upgrade, a replugged
    /// receiver) is picked up within 8 s of it being back.
    public static let standard = ReconnectBackoff(initial: 0.5, maximum: 8, attempts: nil)

    /// A backoff policy.
    public init(initial: Double, maximum: Double, attempts: Int?) {
        self.initial = initial
        self.maximum = maximum
        self.attempts = attempts
    }

    /// The wait after the `failures`-th failure in a row (1-based), or nil when no attempt is left.
    public func delay(afterFailures failures: Int) -> Double? {
        if let attempts, failures >= attempts { return nil }
        let exponent = min(max(failures - 1, 0), 30)
        return min(maximum, initial * Double(1 << exponent))
    }
}
