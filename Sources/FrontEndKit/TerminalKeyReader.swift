import Foundation
import Synchronization

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Reads single key presses from a terminal (the `input_fd` of the options, standard input by
/// default) in non-canonical, no-echo mode, on a thread of its own; restores the terminal on `stop()`.
/// Does nothing when the descriptor is not a terminal.
public final class TerminalKeyReader: Sendable {
    private let fd: Int32
    private let running = Atomic<Bool>(false)
    private let saved: Mutex<termios?>

    /// Starts reading keys from `fd`, calling `onKey` with each byte on the reader's thread.
    public init(fd: Int32 = STDIN_FILENO, onKey: @escaping @Sendable (UInt8) -> Void) {
        self.fd = fd
        guard isatty(fd) == 1 else {
            saved = Mutex(nil)
            return
        }
        var original = termios()
        tcgetattr(fd, &original)
        var raw = original
        raw.c_lflag &= ~tcflag_t(ICANON | ECHO)
        tcsetattr(fd, TCSANOW, &raw)
        saved = Mutex(original)
        running.store(true, ordering: .sequentiallyConsistent)
        let thread = Thread { [self] in self.readKeys(onKey: onKey) }
        thread.name = "materunner.frontend.keys"
        thread.start()
    }

    /// Whether keys are being read (the descriptor is a terminal and `stop()` was not called).
    public var isReading: Bool { running.load(ordering: .sequentiallyConsistent) }

    /// Stops reading and gives the terminal its settings back.
    public func stop() {
        guard running.exchange(false, ordering: .sequentiallyConsistent) else { return }
        saved.withLock { original in
            guard var terminal = original else { return }
            tcsetattr(fd, TCSANOW, &terminal)
        }
    }

    private func readKeys(onKey: @Sendable (UInt8) -> Void) {
        var descriptor = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
        var byte: UInt8 = 0
        while running.load(ordering: .sequentiallyConsistent) {
            guard poll(&descriptor, 1, 200) > 0 else { continue }
            guard read(fd, &byte, 1) == 1 else { return }
            // A key pressed just as the reader stops is not delivered.
            guard running.load(ordering: .sequentiallyConsistent) else { return }
            onKey(byte)
        }
    }
}
