import Dispatch
import Synchronization

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
    /// The first interrupt heard (a signal's number; SIGPIPE for a closed output), 0 before any.
    private static let first = Atomic<Int32>(0)

    /// A stream of interrupts that listens for as long as it is read (until its consumer stops).
    public static func listen() -> AsyncStream<Void> {
        let (stream, continuation) = AsyncStream.makeStream(of: Void.self)
        let sources = SignalSources([SIGINT, SIGTERM, SIGHUP]) { number in
            note(number)
            continuation.yield()
        }
        continuation.onTermination = { _ in sources.cancel() }
        return stream
    }

    /// Keeps `signal` as the interrupt that stopped the process, unless one came before it.
    public static func note(_ signal: Int32) {
        _ = first.compareExchange(expected: 0, desired: signal, ordering: .relaxed)
    }

    /// The exit status a shell gives a process the first interrupt would have ended (128 + its number:
    /// 130 for Ctrl-C, 143 for SIGTERM, 129 for SIGHUP, 141 for a closed output); nil before any.
    public static var exitStatus: Int32? {
        let signal = first.load(ordering: .relaxed)
        return signal == 0 ? nil : 128 + signal
    }
}

/// Dispatch signal sources for some signals, cancelled together.
private final class SignalSources: Sendable {
    // The sources are only resumed here and cancelled in `cancel`, both thread-safe Dispatch calls.
    nonisolated(unsafe) private let sources: [any DispatchSourceSignal]

    init(_ signals: [Int32], handler: @escaping @Sendable (Int32) -> Void) {
        // Dispatch reads them from a signalfd on Linux: a parent that started us with them blocked (a
        // blocked mask is inherited through exec) leaves them pending for it to read, which works; they
        // must not be unblocked here, or one delivered to this thread may never reach the signalfd.
        sources = signals.map { number in
            signal(number, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
            source.setEventHandler { handler(number) }
            source.resume()
            return source
        }
    }

    func cancel() {
        sources.forEach { $0.cancel() }
    }
}
