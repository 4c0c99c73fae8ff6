#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation
import Synchronization

/// A free UDP port on loopback for a process the test starts: one below the kernel's ephemeral range, never
/// handed out before in this process, checked by binding it and letting it go.
///
/// A port the kernel picks for port 0 is an ephemeral one, which the next socket that binds port 0 or
/// connects (a runner's own, another test's, in parallel) may be given before the process the port was for
/// binds it: "UDP port … is already in use" in a test that did nothing wrong. Below the ephemeral range no
/// socket gets a port it did not ask for.
public func freeUDPPort() throws -> Int {
    try freeLoopbackPort(type: Int32(SOCK_DGRAM.rawValue))
}

/// A free TCP port on loopback, chosen as `freeUDPPort()` chooses.
public func freeTCPPort() throws -> Int {
    try freeLoopbackPort(type: Int32(SOCK_STREAM.rawValue))
}

/// The ports handed out by this process.
private let handedOut = Mutex<Set<Int>>([])

private func freeLoopbackPort(type: Int32) throws -> Int {
    if let range = belowEphemeralRange() {
        for _ in 0..<200 {
            let port = Int.random(in: range)
            guard handedOut.withLock({ $0.insert(port).inserted }) else { continue }
            if try bind(port: port, type: type) != nil { return port }
        }
    }
    // No room below the ephemeral range (or no free port found there): the kernel's choice.
    let port = try bind(port: 0, type: type) ?? 0
    guard port != 0 else { throw FreePortError(reason: "binding port 0 on 127.0.0.1 failed, errno \(errno)") }
    handedOut.withLock { _ = $0.insert(port) }
    return port
}

/// Up to 12 000 ports just below the kernel's ephemeral range (`net.ipv4.ip_local_port_range`, 32768 by
/// default), none below 10 000; nil when there is no such room or the range cannot be read.
private func belowEphemeralRange() -> ClosedRange<Int>? {
    #if os(Linux)
    guard let text = try? String(contentsOfFile: "/proc/sys/net/ipv4/ip_local_port_range", encoding: .utf8),
          let first = text.split(whereSeparator: \.isWhitespace).first, let low = Int(first) else { return nil }
    let top = low - 1
    #else
    let top = 49_151  // the IANA ephemeral range starts at 49 152 (Darwin's default)
    #endif
    let bottom = max(10_000, top - 12_000)
    return bottom < top ? bottom...top : nil
}

/// Binds `port` (0: the kernel's choice) on 127.0.0.1 and lets it go: the port bound, or nil when it is taken.
private func bind(port: Int, type: Int32) throws -> Int? {
    let fd = socket(AF_INET, type, 0)
    guard fd >= 0 else { throw FreePortError(reason: "socket() failed, errno \(errno)") }
    defer { close(fd) }
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    address.sin_port = UInt16(port).bigEndian
    var length = socklen_t(MemoryLayout<sockaddr_in>.size)
    let bound = withUnsafeMutablePointer(to: &address) { pointer in
        pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { raw -> Int32 in
            guard bind(fd, raw, length) == 0 else { return -1 }
            return getsockname(fd, raw, &length)
        }
    }
    guard bound == 0 else { return nil }
    return Int(UInt16(bigEndian: address.sin_port))
}

/// No free loopback port could be had.
public struct FreePortError: Error, CustomStringConvertible {
    public let reason: String
    public var description: String { "no free loopback port: \(reason)" }
}
