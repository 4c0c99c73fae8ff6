import Synchronization

/// Lines a flow wrote, captured in order, for tests to assert on the whole output. Hand `append` to
/// the flow's output (`LineOutput(captured.append)` in the application's tests).
public final class CapturedLines: Sendable {
    private let captured = Mutex<[String]>([])

    /// Nothing captured yet.
    public init() {}

    /// Every line so far, oldest first.
    public var lines: [String] { captured.withLock { $0 } }

    /// Keeps one line.
    public func append(_ line: String) {
        captured.withLock { $0.append(line) }
    }

    /// Forgets what was captured.
    public func removeAll() {
        captured.withLock { $0.removeAll() }
    }
}
