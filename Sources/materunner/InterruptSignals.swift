import Dispatch

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Ctrl-C (SIGINT) and SIGTERM as a stream, for commands that run until interrupted.
final class InterruptSignals: Sendable {
    /// One element per signal received.
    let stream: AsyncStream<Void>
    nonisolated(unsafe) private let sources: [any DispatchSourceSignal]

    init() {
        let (stream, continuation) = AsyncStream.makeStream(of: Void.self)
        self.stream = stream
        sources = [SIGINT, SIGTERM].map { number in
            signal(number, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
            source.setEventHandler { continuation.yield() }
            source.resume()
            return source
        }
    }

    /// Stops listening.
    func cancel() {
        sources.forEach { $0.cancel() }
    }

    /// A stream of interrupts that listens for as long as it is read: what the flows' `interrupts` make.
    static func listen() -> AsyncStream<Void> {
        let signals = InterruptSignals()
        return AsyncStream { continuation in
            let task = Task {
                for await _ in signals.stream { continuation.yield() }
                continuation.finish()
            }
            continuation.onTermination = { _ in
                task.cancel()
                signals.cancel()
            }
        }
    }
}
