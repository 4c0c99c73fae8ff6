import Dispatch
import Foundation
import Synchronization

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Reads single key presses from a terminal (the `input_fd` of the options, standard input by
/// default) in non-canonical, no-echo mode, on a thread of its own; `stop()` wakes that thread,
/// waits until it has ended (so no key is read after it returns), and restores the terminal.
/// Does nothing when the descriptor is not a terminal.
public final class TerminalKeyReader: Sendable {
    private let fd: Int32
    private let running = Atomic<Bool>(false)
    private let saved: Mutex<termios?>
    /// A pipe whose read end the thread polls beside `fd`: a byte on it means stop.
    private let wake: (read: Int32, write: Int32)
    private let ended = DispatchSemaphore(value: 0)

    /// Starts reading keys from `fd`, calling `onKey` with each byte on the reader's thread.
    public init(fd: Int32 = STDIN_FILENO, onKey: @escaping @Sendable (UInt8) -> Void) {
        self.fd = fd
        var ends: [Int32] = [-1, -1]
        guard isatty(fd) == 1, pipe(&ends) == 0 else {
            saved = Mutex(nil)
            wake = (-1, -1)
            return
        }
        wake = (ends[0], ends[1])
        var original = termios()
        tcgetattr(fd, &original)
        var raw = original
        raw.c_lflag &= ~tcflag_t(ICANON | ECHO)
        tcsetattr(fd, TCSANOW, &raw)
        saved = Mutex(original)
        running.store(true, ordering: .sequentiallyConsistent)
        let thread = Thread { [self] in
            self.readKeys(onKey: onKey)
            self.ended.signal()
        }
        thread.name = "materunner.frontend.keys"
        thread.start()
    }

    /// Whether keys are being read (the descriptor is a terminal and `stop()` was not called).
    public var isReading: Bool { running.load(ordering: .sequentiallyConsistent) }

    /// Stops reading, waits for the reading thread to end, and gives the terminal its settings back.
    public func stop() {
        guard running.exchange(false, ordering: .sequentiallyConsistent) else { return }
        var byte: UInt8 = 1
        _ = write(wake.write, &byte, 1)
        ended.wait()
        close(wake.read)
        close(wake.write)
        saved.withLock { original in
            guard var terminal = original else { return }
            tcsetattr(fd, TCSANOW, &terminal)
        }
    }

    private func readKeys(onKey: @Sendable (UInt8) -> Void) {
        var descriptors = [pollfd(fd: fd, events: Int16(POLLIN), revents: 0), pollfd(fd: wake.read, events: Int16(POLLIN), revents: 0)]
        var byte: UInt8 = 0
        while running.load(ordering: .sequentiallyConsistent) {
            guard poll(&descriptors, 2, -1) > 0 else { continue }
            if descriptors[1].revents != 0 || !running.load(ordering: .sequentiallyConsistent) { return }
            guard descriptors[0].revents & Int16(POLLIN) != 0, read(fd, &byte, 1) == 1 else { return }
            onKey(byte)
        }
    }
}
