import Dispatch
import Foundation
import Synchronization

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Reads newline-terminated lines from a descriptor that is not a terminal (a pipe or a file: standard
/// input of a program driven by another one) on a thread of its own, until end of file or `stop()`.
/// Lines longer than `maximumLength` bytes are dropped whole. `stop()` wakes the thread and waits until
/// it has ended, so no line is handed over after it returns. Does nothing for a terminal.
public final class InputLineReader: Sendable {
    /// The longest line kept, in bytes.
    public static let maximumLength = 4096

    private let fd: Int32
    private let running = Atomic<Bool>(false)
    private let wake: (read: Int32, write: Int32)
    private let ended = DispatchSemaphore(value: 0)

    /// Starts reading lines from `fd`, calling `onLine` (without its newline) on the reader's thread.
    public init(fd: Int32, onLine: @escaping @Sendable (String) -> Void) {
        self.fd = fd
        var ends: [Int32] = [-1, -1]
        guard isatty(fd) == 0, fcntl(fd, F_GETFD) != -1, pipe(&ends) == 0 else {
            wake = (-1, -1)
            return
        }
        wake = (ends[0], ends[1])
        running.store(true, ordering: .sequentiallyConsistent)
        let thread = Thread { [self] in
            self.readLines(onLine: onLine)
            self.ended.signal()
        }
        thread.name = "materunner.frontend.lines"
        thread.start()
    }

    /// Stops reading and waits for the reading thread to end.
    public func stop() {
        guard wake.read >= 0 else { return }
        if running.exchange(false, ordering: .sequentiallyConsistent) {
            var byte: UInt8 = 1
            _ = write(wake.write, &byte, 1)
        }
        ended.wait()
        close(wake.read)
        close(wake.write)
    }

    private func readLines(onLine: @Sendable (String) -> Void) {
        defer { running.store(false, ordering: .sequentiallyConsistent) }
        var descriptors = [pollfd(fd: fd, events: Int16(POLLIN), revents: 0), pollfd(fd: wake.read, events: Int16(POLLIN), revents: 0)]
        var line: [UInt8] = []
        var overlong = false
        var chunk = [UInt8](repeating: 0, count: 512)
        while running.load(ordering: .sequentiallyConsistent) {
            guard poll(&descriptors, 2, -1) > 0 else { continue }
            if descriptors[1].revents != 0 || !running.load(ordering: .sequentiallyConsistent) { return }
            let count = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
            guard count > 0 else { return }
            for byte in chunk[..<count] {
                if byte == UInt8(ascii: "\n") {
                    if !overlong { onLine(String(decoding: line, as: UTF8.self)) }
                    line.removeAll(keepingCapacity: true)
                    overlong = false
                } else if line.count < Self.maximumLength {
                    line.append(byte)
                } else {
                    overlong = true
                }
            }
        }
    }
}
