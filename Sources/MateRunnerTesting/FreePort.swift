#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A free UDP port on loopback, found by binding port 0 and letting it go.
public func freeUDPPort() throws -> Int {
    try freeLoopbackPort(type: Int32(SOCK_DGRAM.rawValue))
}

/// A free TCP port on loopback, found by binding port 0 and letting it go.
public func freeTCPPort() throws -> Int {
    try freeLoopbackPort(type: Int32(SOCK_STREAM.rawValue))
}

private func freeLoopbackPort(type: Int32) throws -> Int {
    let fd = socket(AF_INET, type, 0)
    guard fd >= 0 else { throw FreePortError(reason: "socket() failed, errno \(errno)") }
    defer { close(fd) }
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    address.sin_port = 0
    var length = socklen_t(MemoryLayout<sockaddr_in>.size)
    let bound = withUnsafeMutablePointer(to: &address) { pointer in
        pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { raw -> Int32 in
            guard bind(fd, raw, length) == 0 else { return -1 }
            return getsockname(fd, raw, &length)
        }
    }
    guard bound == 0 else { throw FreePortError(reason: "binding port 0 on 127.0.0.1 failed, errno \(errno)") }
    return Int(UInt16(bigEndian: address.sin_port))
}

/// No free loopback port could be had.
public struct FreePortError: Error, CustomStringConvertible {
    public let reason: String
    public var description: String { "no free loopback port: \(reason)" }
}
