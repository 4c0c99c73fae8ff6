import Foundation
import MateRunnerTesting

#if canImport(Glibc)
import Glibc
#endif

/// An attacker on the same machine: one UDP socket of the test's own on 127.0.0.1 that sends forged
/// datagrams to a runner's port and reads what comes back (nothing leaves loopback). Closed on deinit.
final class LoopbackAttacker: @unchecked Sendable {
    private let fd: Int32

    init() throws {
        #if canImport(Glibc)
        fd = socket(AF_INET, Int32(SOCK_DGRAM.rawValue), 0)
        #else
        fd = socket(AF_INET, SOCK_DGRAM, 0)
        #endif
        guard fd >= 0 else { throw TestFailure("socket() failed, errno \(errno)") }
        var address = Self.loopback(port: 0)
        let bound = withUnsafePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { Glibc.bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard bound == 0 else {
            close(fd)
            throw TestFailure("bind() on 127.0.0.1 failed, errno \(errno)")
        }
    }

    deinit { close(fd) }

    fileprivate static func loopback(port: Int) -> sockaddr_in {
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = UInt16(port).bigEndian
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        return address
    }

    /// Sends `datagrams` to 127.0.0.1:`port`, `spacing` apart, blocking the calling thread: an attack runs
    /// on a thread of its own (`AttackedRace.attack(whileRunning:)`), never on the test pool.
    func send(_ datagrams: [[UInt8]], to port: Int, spacing: Duration = .zero) throws {
        var address = Self.loopback(port: port)
        for datagram in datagrams {
            let sent = datagram.withUnsafeBytes { buffer in
                withUnsafePointer(to: &address) { pointer in
                    pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                        sendto(fd, buffer.baseAddress, buffer.count, 0, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
                    }
                }
            }
            guard sent == datagram.count else { throw TestFailure("sendto() sent \(sent) of \(datagram.count) bytes, errno \(errno)") }
            if spacing > .zero { usleep(useconds_t(spacing / .microseconds(1))) }
        }
    }

    /// The datagrams that reached this socket within `seconds` (bounded: at most 256).
    func received(within seconds: Double) -> [[UInt8]] {
        let deadline = Date().addingTimeInterval(seconds)
        var datagrams: [[UInt8]] = []
        var buffer = [UInt8](repeating: 0, count: 2_048)
        while datagrams.count < 256 {
            let left = deadline.timeIntervalSinceNow
            guard left > 0 else { break }
            var poller = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
            guard poll(&poller, 1, Int32(left * 1000) + 1) > 0 else { break }
            let count = buffer.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
            if count > 0 { datagrams.append(Array(buffer[0..<count])) }
        }
        return datagrams
    }
}

/// Sends `datagrams` to 127.0.0.1:`port` from one fresh UDP socket of the test's own, `spacing` apart
/// (an attacker on the same machine; nothing leaves loopback), on a thread of its own.
func sendFromLoopback(_ datagrams: [[UInt8]], to port: Int, spacing: Duration) async throws {
    try await onOwnThread { try LoopbackAttacker().send(datagrams, to: port, spacing: spacing) }
}

/// Runs `work` on a thread of its own and waits for it. Not on the test pool: its threads are as many as
/// the cores (two here), and a suite that blocks one for a whole child process (`readDataToEndOfFile`, a
/// curl burst, `waitUntilExit`) can keep every task of the others waiting for seconds, past the end of a
/// race whose real-time window the work must hit.
func onOwnThread<Value: Sendable>(_ work: @escaping @Sendable () throws -> Value) async throws -> Value {
    try await withCheckedThrowingContinuation { continuation in
        Thread.detachNewThread { continuation.resume(with: Result { try work() }) }
    }
}

extension LoopbackAttacker {
    /// Whether a process listens on UDP 127.0.0.1:`port` (binding it fails), waiting at most `timeout` s.
    static func waitUntilBound(port: Int, timeout: TimeInterval = 30) async throws {
        let deadline = Date().addingTimeInterval(timeout)
        while Date() < deadline {
            let fd = socket(AF_INET, Int32(SOCK_DGRAM.rawValue), 0)
            var address = loopback(port: port)
            let bound = withUnsafePointer(to: &address) { pointer in
                pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { Glibc.bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
            }
            close(fd)
            if bound != 0 { return }
            try await Task.sleep(for: .milliseconds(50))
        }
        throw TestFailure("nothing listened on UDP port \(port) within \(timeout) s")
    }
}
