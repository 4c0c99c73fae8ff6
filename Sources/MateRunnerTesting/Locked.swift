import Synchronization

/// A value behind a lock, shareable between a test and the tasks it watches.
public final class Locked<Value: Sendable>: Sendable {
    private let mutex: Mutex<Value>

    /// A lock around `value`.
    public init(_ value: Value) {
        mutex = Mutex(value)
    }

    /// The value now.
    public var value: Value { mutex.withLock { $0 } }

    /// Reads or changes the value under the lock.
    @discardableResult
    public func withLock<Result: Sendable>(_ body: (inout Value) -> Result) -> Result {
        mutex.withLock { body(&$0) }
    }
}
