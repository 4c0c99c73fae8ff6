#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Writes whole strings to a file descriptor, unbuffered, retrying short writes and EINTR, so that
/// every line is out the moment it is written.
public struct FrontEndOutput: Sendable {
    public let fd: Int32

    public init(fd: Int32) {
        self.fd = fd
    }

    /// Writes `text`; throws if the descriptor refuses (closed pipe, full disk).
    public func write(_ text: String) throws {
        var bytes = Array(text.utf8)
        var offset = 0
        while offset < bytes.count {
            let written = bytes.withUnsafeMutableBytes { buffer in
                #if canImport(Glibc)
                Glibc.write(fd, buffer.baseAddress! + offset, buffer.count - offset)
                #else
                Darwin.write(fd, buffer.baseAddress! + offset, buffer.count - offset)
                #endif
            }
            if written < 0 {
                if errno == EINTR { continue }
                throw FrontEndError("cannot write to descriptor \(fd): \(String(cString: strerror(errno)))")
            }
            offset += written
        }
        bytes.removeAll()
    }
}
