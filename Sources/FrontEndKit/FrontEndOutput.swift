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
        try write(bytes: Array(text.utf8))
    }

    /// Writes `bytes`, then `terminator` if given, in one write where the descriptor takes it all;
    /// throws if the descriptor refuses (closed pipe, full disk).
    public func write(bytes source: UnsafeRawBufferPointer, terminator: UInt8? = nil) throws {
        var bytes = [UInt8]()
        bytes.reserveCapacity(source.count + 1)
        bytes.append(contentsOf: source)
        if let terminator { bytes.append(terminator) }
        try write(bytes: bytes)
    }

    private func write(bytes: [UInt8]) throws {
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
