import Foundation
import Synchronization

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Reads single key presses from standard input while it is a terminal, with the terminal in
/// non-canonical, no-echo mode, on a thread of its own; restores the terminal on `stop()`.
final class TerminalKeyReader: Sendable {
    private let running = Atomic<Bool>(false)
    private let saved: Mutex<termios?>

    init(onKey: @escaping @Sendable (UInt8) -> Void) {
        guard isatty(STDIN_FILENO) == 1 else {
            saved = Mutex(nil)
            return
        }
        var original = termios()
        tcgetattr(STDIN_FILENO, &original)
        var raw = original
        raw.c_lflag &= ~tcflag_t(ICANON | ECHO)
        tcsetattr(STDIN_FILENO, TCSANOW, &raw)
        saved = Mutex(original)
        running.store(true, ordering: .sequentiallyConsistent)
        let thread = Thread { [self] in self.readKeys(onKey: onKey) }
        thread.name = "materunner.text.keys"
        thread.start()
    }

    func stop() {
        guard running.exchange(false, ordering: .sequentiallyConsistent) else { return }
        saved.withLock { original in
            guard var terminal = original else { return }
            tcsetattr(STDIN_FILENO, TCSANOW, &terminal)
        }
    }

    private func readKeys(onKey: @Sendable (UInt8) -> Void) {
        var descriptor = pollfd(fd: STDIN_FILENO, events: Int16(POLLIN), revents: 0)
        var byte: UInt8 = 0
        while running.load(ordering: .sequentiallyConsistent) {
            guard poll(&descriptor, 1, 200) > 0 else { continue }
            guard read(STDIN_FILENO, &byte, 1) == 1 else { return }
            onKey(byte)
        }
    }
}
