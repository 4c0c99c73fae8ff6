import Foundation

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

    private let poller: DescriptorPoller?

    /// Starts reading lines from `fd`, calling `onLine` (without its newline) on the reader's thread.
    public init(fd: Int32, onLine: @escaping @Sendable (String) -> Void) {
        guard isatty(fd) == 0, fcntl(fd, F_GETFD) != -1 else {
            poller = nil
            return
        }
        poller = DescriptorPoller(fd: fd, name: "materunner.frontend.lines") { poller in
            Self.readLines(from: poller, onLine: onLine)
        }
    }

    /// Stops reading and waits for the reading thread to end.
    public func stop() {
        poller?.stop()
    }

    private static func readLines(from poller: DescriptorPoller, onLine: @Sendable (String) -> Void) {
        var line: [UInt8] = []
        var overlong = false
        var chunk = [UInt8](repeating: 0, count: 512)
        while poller.waitReadable() {
            let count = chunk.withUnsafeMutableBytes { read(poller.fd, $0.baseAddress, $0.count) }
            guard count > 0 else { return }
            for byte in chunk[..<count] {
                if byte == UInt8(ascii: "\n") {
                    if !overlong { onLine(String(decoding: line, as: UTF8.self)) }
                    line.removeAll(keepingCapacity: true)
                    overlong = false
                } else if line.count < maximumLength {
                    line.append(byte)
                } else {
                    overlong = true
                }
            }
        }
    }
}
