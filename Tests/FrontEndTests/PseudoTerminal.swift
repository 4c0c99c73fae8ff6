import Dispatch
import Foundation
import Synchronization

import Glibc

/// A real pseudo-terminal for front-end tests (Linux): the front-end writes to and reads keys from the
/// terminal side; the test types on the controlling side and reads back everything written, which a
/// thread drains all the time so that the front-end never blocks on a full buffer.
final class PseudoTerminal: Sendable {
    let controller: Int32
    let terminal: Int32
    private let received = Mutex<[UInt8]>([])
    private let open = Atomic<Bool>(true)
    private let drained = DispatchSemaphore(value: 0)

    init(columns: UInt16 = 40, rows: UInt16 = 24) throws {
        // posix_openpt/grantpt/unlockpt/ptsname are hidden from Swift's Glibc module (feature macros):
        // do what they do on Linux, with the kernel's ioctls TIOCSPTLCK (unlock) and TIOCGPTN (number).
        let controller = Glibc.open("/dev/ptmx", O_RDWR | O_NOCTTY)
        var unlock: Int32 = 0
        var number: UInt32 = 0
        guard controller >= 0, ioctl(controller, UInt(0x4004_5431), &unlock) == 0,
              ioctl(controller, UInt(0x8004_5430), &number) == 0 else {
            throw TerminalUnavailable(reason: String(cString: strerror(errno)))
        }
        let terminal = Glibc.open("/dev/pts/\(number)", O_RDWR | O_NOCTTY)
        guard terminal >= 0 else { throw TerminalUnavailable(reason: String(cString: strerror(errno))) }
        var size = winsize(ws_row: rows, ws_col: columns, ws_xpixel: 0, ws_ypixel: 0)
        _ = ioctl(terminal, UInt(TIOCSWINSZ), &size)
        self.controller = controller
        self.terminal = terminal
        let thread = Thread { [self] in
            drain()
            drained.signal()
        }
        thread.start()
    }

    /// Types `keys` as a person would.
    func type(_ keys: String) {
        let bytes = Array(keys.utf8)
        _ = bytes.withUnsafeBytes { write(controller, $0.baseAddress, $0.count) }
    }

    /// Everything the front-end wrote so far, as text.
    var output: String { String(decoding: received.withLock { $0 }, as: UTF8.self) }

    /// Waits (bounded, 10 s: a thread on the other side has to run) until `condition` holds.
    func waitFor(_ what: String, _ condition: () -> Bool) async throws {
        let deadline = ContinuousClock.now.advanced(by: .seconds(10))
        while !condition() {
            guard ContinuousClock.now < deadline else { throw TerminalUnavailable(reason: "gave up waiting for \(what)") }
            try await Task.sleep(for: .milliseconds(5))
        }
    }

    /// Stops the draining thread, then closes both sides: a thread still polling a closed descriptor
    /// could read from the next terminal that gets the same number.
    func close() {
        guard open.exchange(false, ordering: .sequentiallyConsistent) else { return }
        drained.wait()
        Glibc.close(terminal)
        Glibc.close(controller)
    }

    private func drain() {
        var buffer = [UInt8](repeating: 0, count: 4096)
        while open.load(ordering: .sequentiallyConsistent) {
            var descriptor = pollfd(fd: controller, events: Int16(POLLIN), revents: 0)
            guard poll(&descriptor, 1, 50) > 0 else { continue }
            let count = buffer.withUnsafeMutableBytes { read(controller, $0.baseAddress, $0.count) }
            guard count > 0 else { return }
            received.withLock { $0 += buffer[0..<count] }
        }
    }

    deinit { close() }
}

struct TerminalUnavailable: Error, CustomStringConvertible {
    let reason: String
    var description: String { "pseudo-terminal: \(reason)" }
}
