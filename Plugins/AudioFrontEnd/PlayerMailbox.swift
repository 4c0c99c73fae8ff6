import Foundation

/// What a player's thread and the host's thread share: one lock with its condition, the failure to
/// report once, the closing flag, and the signal that the thread has ended.
final class PlayerMailbox: @unchecked Sendable {
    private let condition = NSCondition()
    private var failure: String?
    private let done = DispatchSemaphore(value: 0)

    /// Runs `body` under the lock, then wakes the player's thread.
    func post<T>(_ body: () -> T) -> T {
        condition.withLock {
            defer { condition.signal() }
            return body()
        }
    }

    /// Runs `body` under the lock (on the player's thread: waiting for work goes through `wait`).
    func locked<T>(_ body: () throws -> T) rethrows -> T {
        try condition.withLock(body)
    }

    /// Waits for a `post`, under the lock (call inside `locked`).
    func wait() {
        condition.wait()
    }

    /// Keeps the first failure until `takeFailure` hands it to the host.
    func fail(_ message: String) {
        condition.withLock { failure = failure ?? message }
    }

    /// The failure since the last call, if any.
    func takeFailure() -> String? {
        condition.withLock {
            defer { failure = nil }
            return failure
        }
    }

    /// Starts `body` on a thread of its own, named `name`; `waitUntilEnded` returns once it has.
    func start(_ name: String, _ body: @escaping @Sendable () -> Void) {
        let thread = Thread { [done] in
            body()
            done.signal()
        }
        thread.name = name
        thread.start()
    }

    /// Blocks until the thread started by `start` has ended.
    func waitUntilEnded() {
        done.wait()
    }
}
