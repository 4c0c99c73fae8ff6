import Dispatch
import Foundation
import Synchronization

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A thread of its own that waits for a descriptor to be readable, and a way to stop it from any other
/// thread: `stop()` wakes it through a pipe polled beside the descriptor and waits until the thread has
/// ended, so nothing is read after it returns. Shared by `TerminalKeyReader` and `InputLineReader`.
final class DescriptorPoller: Sendable {
    let fd: Int32
    private let stopped = Atomic<Bool>(false)
    private let wake: (read: Int32, write: Int32)
    private let ended = DispatchSemaphore(value: 0)

    /// Starts a thread named `name` running `body` with this poller; nil when no wake pipe can be made.
    init?(fd: Int32, name: String, body: @escaping @Sendable (DescriptorPoller) -> Void) {
        var ends: [Int32] = [-1, -1]
        guard pipe(&ends) == 0 else { return nil }
        self.fd = fd
        wake = (ends[0], ends[1])
        let thread = Thread { [self] in
            body(self)
            self.ended.signal()
        }
        thread.name = name
        thread.start()
    }

    /// Whether `stop()` has not been called yet.
    var isRunning: Bool { !stopped.load(ordering: .sequentiallyConsistent) }

    /// Waits until `fd` can be read (or has ended); false once `stop()` was called.
    func waitReadable() -> Bool {
        var descriptors = [pollfd(fd: fd, events: Int16(POLLIN), revents: 0), pollfd(fd: wake.read, events: Int16(POLLIN), revents: 0)]
        while isRunning {
            guard poll(&descriptors, 2, -1) > 0 else { continue }
            if descriptors[1].revents != 0 || !isRunning { return false }
            return descriptors[0].revents != 0
        }
        return false
    }

    /// Stops the thread (if it has not ended by itself) and waits for it; later calls do nothing.
    func stop() {
        guard !stopped.exchange(true, ordering: .sequentiallyConsistent) else { return }
        var byte: UInt8 = 1
        _ = write(wake.write, &byte, 1)
        ended.wait()
        close(wake.read)
        close(wake.write)
    }
}
