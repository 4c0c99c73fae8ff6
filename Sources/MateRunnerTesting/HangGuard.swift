/// Runs `body`; if it has not finished after `seconds` of real time, cancels it and throws. Only a
/// safety net so that a broken network test fails instead of hanging: nothing asserts on the time, and
/// a passing test never waits for it (the guard's sleep is cancelled as soon as `body` returns).
public func withHangGuard<T: Sendable>(
    _ what: String,
    seconds: Double = 30,
    _ body: @escaping @Sendable () async throws -> T
) async throws -> T {
    try await withThrowingTaskGroup(of: T?.self) { group in
        group.addTask { try await body() }
        group.addTask {
            try await Task.sleep(for: .seconds(seconds))
            return nil
        }
        defer { group.cancelAll() }
        guard let first = try await group.next(), let value = first else {
            throw TestFailure("no answer after \(seconds) s waiting for \(what)")
        }
        return value
    }
}
