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
    private let saved: Mutex<termios?>
    private let poller: DescriptorPoller?

    /// Starts reading keys from `fd`, calling `onKey` with each byte on the reader's thread.
    public init(fd: Int32 = STDIN_FILENO, onKey: @escaping @Sendable (UInt8) -> Void) {
        self.fd = fd
        guard isatty(fd) == 1 else {
            saved = Mutex(nil)
            poller = nil
            return
        }
        var original = termios()
        tcgetattr(fd, &original)
        var raw = original
        raw.c_lflag &= ~tcflag_t(ICANON | ECHO)
        tcsetattr(fd, TCSANOW, &raw)
        saved = Mutex(original)
        poller = DescriptorPoller(fd: fd, name: "materunner.frontend.keys") { poller in
            var byte: UInt8 = 0
            while poller.waitReadable() {
                guard read(poller.fd, &byte, 1) == 1 else { return }
                onKey(byte)
            }
        }
    }

    /// Whether keys are being read (the descriptor is a terminal and `stop()` was not called).
    public var isReading: Bool { poller?.isRunning ?? false }

    /// Stops reading, waits for the reading thread to end, and gives the terminal its settings back.
    public func stop() {
        guard let poller, poller.isRunning else { return }
        poller.stop()
        saved.withLock { original in
            guard var terminal = original else { return }
            tcsetattr(fd, TCSANOW, &terminal)
        }
    }
}
