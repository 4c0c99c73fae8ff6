import AsyncAlgorithms

extension AsyncStream where Element: Sendable {
    /// One stream of the elements of `first` and `second`, as they come; it ends when both have.
    static func merging(_ first: AsyncStream<Element>, _ second: AsyncStream<Element>) -> AsyncStream<Element> {
        AsyncStream { continuation in
            let task = Task {
                for await element in merge(first, second) { continuation.yield(element) }
                continuation.finish()
            }
            continuation.onTermination = { _ in task.cancel() }
        }
    }
}
