/// What happens on the way from gpsd to our fixes, in order.
public enum GPSDEvent: Sendable, Equatable {
    /// Connected, and gpsd greeted us with its release; the WATCH request was sent.
    case connected(release: String)
    /// A position report with a fix (duplicates already dropped).
    case report(PositionReport)
    /// gpsd says a receiver went away (unplugged, or the end of a `gpsfake` replay); gpsd itself
    /// is still there and reports again when a receiver comes back.
    case deviceClosed(path: String)
    /// An input counted and skipped.
    case skipped(PositionSkip)
    /// The connection ended or could not be made; `retryIn` is the backoff before the next
    /// attempt, nil when no attempt is left.
    case disconnected(reason: String, retryIn: Double?)
}
