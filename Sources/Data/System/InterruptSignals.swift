import Dispatch

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Ctrl-C (SIGINT), SIGTERM and SIGHUP (the terminal closed: an ssh session dropped, a terminal window
/// or tmux server gone) as a stream, for commands that run until interrupted: while listening, the
/// signals no longer end the process; each one is an element of the stream instead, so a run ends
/// on one path (recorded, mates told) however it is interrupted.
public enum InterruptSignals {
    /// A stream of interrupts that listens for as long as it is read (until its consumer stops).
    public static func listen() -> AsyncStream<Void> {
        let (stream, continuation) = AsyncStream.makeStream(of: Void.self)
        let sources = SignalSources([SIGINT, SIGTERM, SIGHUP]) { continuation.yield() }
        continuation.onTermination = { _ in sources.cancel() }
        return stream
    }
}

/// Dispatch signal sources for some signals, cancelled together.
private final class SignalSources: Sendable {
    // The sources are only resumed here and cancelled in `cancel`, both thread-safe Dispatch calls.
    nonisolated(unsafe) private let sources: [any DispatchSourceSignal]

    init(_ signals: [Int32], handler: @escaping @Sendable () -> Void) {
        // Dispatch reads them from a signalfd on Linux: a parent that started us with them blocked (a
        // blocked mask is inherited through exec) leaves them pending for it to read, which works; they
        // must not be unblocked here, or one delivered to this thread may never reach the signalfd.
        sources = signals.map { number in
            signal(number, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
            source.setEventHandler(handler: handler)
            source.resume()
            return source
        }
    }

    func cancel() {
        sources.forEach { $0.cancel() }
    }
}
