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
        let bytes = Array(text.utf8)
        var offset = 0
        while offset < bytes.count {
            let written = bytes.withUnsafeBytes { buffer -> Int in
                guard let base = buffer.baseAddress else { return 0 }
                #if canImport(Glibc)
                return Glibc.write(fd, base + offset, buffer.count - offset)
                #else
                return Darwin.write(fd, base + offset, buffer.count - offset)
                #endif
            }
            if written < 0 {
                if errno == EINTR { continue }
                throw FrontEndError("cannot write to descriptor \(fd): \(String(cString: strerror(errno)))")
            }
            offset += written
        }
    }
}
