import Synchronization

/// How often our own progress goes to the mates, at most: every fix by default; under overload the
/// newest fix once per `interval` of race time (the application sets it from how late its timers run;
/// docs/ARCHITECTURE.md, "Under overload"). A fix that changes what the mates must know at once (the
/// finish, leaving or rejoining the course) goes out regardless, and the heartbeat sends the latest
/// state when nothing else did, so a paced runner is only seen in coarser steps: every peer still ends
/// with the same result.
public final class UpdatePacing: Sendable {
    private let seconds = Mutex<Double>(0)

    public init() {}

    /// The least race time between two published fixes; 0 publishes every fix.
    public var interval: Double {
        get { seconds.withLock { $0 } }
        set { seconds.withLock { $0 = newValue.isFinite ? max(0, newValue) : 0 } }
    }
}
