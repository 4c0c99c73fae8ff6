import Foundation
import Synchronization

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Notices when the reader of an output pipe goes away (`materunner run --frontend json | head -1`):
/// a pipe's or socket's write end reports POLLERR (or POLLHUP) once its reader has closed, even while
/// nothing is written. The run then ends at once, as on Ctrl-C, instead of running on unseen.
public enum ClosedOutput {
    /// How often the descriptor is looked at.
    static let interval: Int32 = 100

    /// Whether `fd` is a pipe or a socket (a terminal or a file is never "closed" by a reader).
    public static func isPipe(_ fd: Int32) -> Bool {
        var status = stat()
        guard fstat(fd, &status) == 0 else { return false }
        let type = status.st_mode & S_IFMT
        return type == S_IFIFO || type == S_IFSOCK
    }

    /// Whether the reader of the pipe `fd` has gone.
    public static func isClosed(_ fd: Int32) -> Bool {
        var entry = pollfd(fd: fd, events: 0, revents: 0)
        guard poll(&entry, 1, 0) > 0 else { return false }
        return entry.revents & Int16(POLLERR | POLLHUP | POLLNVAL) != 0
    }

    /// One element once the reader of `fd` has gone; an empty stream if `fd` is not a pipe. Looks every
    /// 0.1 s on its own thread, for as long as the stream is read.
    public static func watch(_ fd: Int32) -> AsyncStream<Void> {
        let (stream, continuation) = AsyncStream.makeStream(of: Void.self)
        guard isPipe(fd) else {
            continuation.finish()
            return stream
        }
        let stopped = Arc()
        continuation.onTermination = { _ in stopped.flag.store(true, ordering: .relaxed) }
        let thread = Thread {
            while !stopped.flag.load(ordering: .relaxed) {
                var entry = pollfd(fd: fd, events: 0, revents: 0)
                if poll(&entry, 1, interval) > 0, entry.revents & Int16(POLLERR | POLLHUP | POLLNVAL) != 0 {
                    continuation.yield()
                    continuation.finish()
                    return
                }
            }
        }
        thread.name = "materunner.closed-output"
        thread.start()
        return stream
    }

    /// A flag shared with the watching thread.
    private final class Arc: Sendable {
        let flag = Atomic<Bool>(false)
    }
}

extension InterruptSignals {
    /// Ctrl-C, SIGTERM, and the reader of standard output going away (`ClosedOutput`), as one stream.
    public static func listenWithClosedOutput(_ fd: Int32 = STDOUT_FILENO) -> AsyncStream<Void> {
        let (stream, continuation) = AsyncStream.makeStream(of: Void.self)
        // Listening starts here, not in the tasks: a signal sent as soon as this returns is heard.
        let (interrupts, closedOutput) = (listen(), ClosedOutput.watch(fd))
        let signals = Task {
            for await _ in interrupts { continuation.yield() }
        }
        let closed = Task {
            for await _ in closedOutput {
                // As a shell reports a writer ended by its closed pipe: 128 + SIGPIPE.
                note(SIGPIPE)
                continuation.yield()
            }
        }
        continuation.onTermination = { _ in
            signals.cancel()
            closed.cancel()
        }
        return stream
    }
}
