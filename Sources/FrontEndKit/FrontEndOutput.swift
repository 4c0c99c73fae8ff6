#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Writes whole strings to a file descriptor, unbuffered, retrying short writes and EINTR, so that
/// every line is out the moment it is written. A descriptor left non-blocking by the process that
/// handed it over (a pipe to a slow reader) is waited on until it takes more, as a blocking one would
/// be, rather than losing the line.
public struct FrontEndOutput: Sendable {
    public let fd: Int32

    public init(fd: Int32) {
        self.fd = fd
    }

    /// Writes `text`; throws if the descriptor refuses (closed pipe, full disk).
    public func write(_ text: String) throws {
        try Array(text.utf8).withUnsafeBytes { try write(all: $0) }
    }

    /// Writes `bytes`, then `terminator` if given, in one write where the descriptor takes it all
    /// (`writev`: the two are not copied together first); throws if the descriptor refuses (closed pipe,
    /// full disk).
    public func write(bytes source: UnsafeRawBufferPointer, terminator: UInt8? = nil) throws {
        guard var terminator else { return try write(all: source) }
        let total = source.count + 1
        let written = withUnsafeMutablePointer(to: &terminator) { ending -> Int in
            var pieces = (
                iovec(iov_base: UnsafeMutableRawPointer(mutating: source.baseAddress), iov_len: source.count),
                iovec(iov_base: UnsafeMutableRawPointer(ending), iov_len: 1)
            )
            while true {
                let written = withUnsafeBytes(of: &pieces) { writev(fd, $0.baseAddress!.assumingMemoryBound(to: iovec.self), 2) }
                if written >= 0 || !retry() { return written }
            }
        }
        if written == total { return }
        guard written >= 0 else { throw failure() }
        // A short write (a full pipe, a signal): the rest of the line, then its terminator.
        if written < source.count { try write(all: UnsafeRawBufferPointer(rebasing: source[written...])) }
        try withUnsafeBytes(of: terminator) { try write(all: $0) }
    }

    /// Writes every byte of `bytes`, retrying short writes and EINTR.
    private func write(all bytes: UnsafeRawBufferPointer) throws {
        var offset = 0
        while offset < bytes.count {
            guard let base = bytes.baseAddress else { return }
            #if canImport(Glibc)
            let written = Glibc.write(fd, base + offset, bytes.count - offset)
            #else
            let written = Darwin.write(fd, base + offset, bytes.count - offset)
            #endif
            if written < 0 {
                if retry() { continue }
                throw failure()
            }
            offset += written
        }
    }

    /// Whether a write that failed may be made again: interrupted by a signal, or a non-blocking
    /// descriptor that is full (then once it can take more: `poll` waits as a blocking write would).
    private func retry() -> Bool {
        switch errno {
        case EINTR: return true
        case EAGAIN, EWOULDBLOCK:
            var ready = pollfd(fd: fd, events: Int16(POLLOUT), revents: 0)
            while poll(&ready, 1, -1) < 0 {
                guard errno == EINTR else { return false }
            }
            // Ready, or an error or hang-up the next write reports.
            return true
        default: return false
        }
    }

    /// Why the descriptor refused, after a failed write.
    private func failure() -> FrontEndError {
        FrontEndError("cannot write to descriptor \(fd): \(String(cString: strerror(errno)))")
    }
}
