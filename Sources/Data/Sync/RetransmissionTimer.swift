/// When to ask again for what did not come: the round trips measured so far (smoothed as TCP does,
/// RFC 6298: SRTT, RTTVAR, timeout = SRTT + 4 RTTVAR), never under `minimum`; doubled after each timeout
/// until a new round trip is measured. A request asked more than once gives no sample (its answer
/// cannot be matched to one of the asks: Karn's rule). So a slow host (a loaded machine, a small board)
/// is waited for instead of being asked three times for every chunk, and a fast one is retried at once.
struct RetransmissionTimer: Sendable {
    let minimum: Double
    let maximum: Double
    private var smoothed: Double?
    private var variation = 0.0
    private var backoff = 1.0

    init(minimum: Double, maximum: Double = 4) {
        self.minimum = minimum
        self.maximum = max(minimum, maximum)
    }

    /// Seconds after a request before it is asked again.
    var timeout: Double {
        let base = smoothed.map { $0 + 4 * variation } ?? minimum
        return min(maximum, max(minimum, base) * backoff)
    }

    /// A request asked once was answered `seconds` after it was sent.
    mutating func measured(_ seconds: Double) {
        guard seconds.isFinite, seconds >= 0 else { return }
        if let srtt = smoothed {
            variation = 0.75 * variation + 0.25 * abs(srtt - seconds)
            smoothed = 0.875 * srtt + 0.125 * seconds
        } else {
            smoothed = seconds
            variation = seconds / 2
        }
        backoff = 1
    }

    /// Requests timed out and are asked again: wait twice as long next time (up to `maximum`).
    mutating func timedOut() {
        backoff = min(backoff * 2, maximum / max(minimum, 1e-3))
    }
}
