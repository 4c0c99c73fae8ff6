/// A token bucket: `burst` requests at once, then `perSecond` (a queue of 100 000 messages drains
/// through it in minutes; a flood is answered 429 and the apps retry later). Pure: time comes in.
struct RequestRateLimit: Sendable {
    let burst: Double
    let perSecond: Double
    private var tokens: Double
    private var last: Double?

    init(burst: Double = 2_000, perSecond: Double = 200) {
        self.burst = burst
        self.perSecond = perSecond
        tokens = burst
    }

    /// Whether a request at `seconds` (any monotonic clock) may go in; takes its token when it may.
    mutating func admit(at seconds: Double) -> Bool {
        if let last { tokens = min(burst, tokens + max(0, seconds - last) * perSecond) }
        last = seconds
        guard tokens >= 1 else { return false }
        tokens -= 1
        return true
    }
}
