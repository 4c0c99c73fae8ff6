/// A failure a test helper reports by throwing, so that the test stops at once with a clear message.
public struct TestFailure: Error, CustomStringConvertible {
    public let description: String

    public init(_ description: String) {
        self.description = description
    }
}

/// Yields (never sleeps) until `condition` holds; throws naming `what` after `maxYields` yields.
/// For work driven by a manual clock, where every step is a task to run, not a time to wait.
public func waitUntil(_ what: String, maxYields: Int = 100_000, _ condition: () -> Bool) async throws {
    for _ in 0..<maxYields {
        if condition() { return }
        await Task.yield()
    }
    guard condition() else {
        throw TestFailure("gave up after \(maxYields) yields waiting for \(what)")
    }
}
