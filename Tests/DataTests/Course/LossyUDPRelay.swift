import Data
import Domain
import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Two UDP sockets on 127.0.0.1 between two peers, dropping a seeded share of the datagrams each way:
/// what the first peer sends to `towardSecond` reaches the second peer (from `towardFirst`'s port), and
/// back. Loopback only; each direction runs on its own thread until `stop()` or `lifetime` seconds.
final class LossyUDPRelay: @unchecked Sendable {
    /// Where the first peer sends (its `--peer`); the second peer hears it from `towardFirst`.
    let towardSecond: Int
    /// Where the second peer sends; the first hears it from `towardSecond`.
    let towardFirst: Int
    private let sockets: (Int32, Int32)
    private let state = State()
    private let threads: [Thread]

    /// What both threads share, under a lock.
    private final class State: @unchecked Sendable {
        let lock = NSLock()
        var stopped = false
        var forwarded = 0
        var dropped = 0

        var isStopped: Bool { lock.withLock { stopped } }
        func count(dropped isDropped: Bool) {
            lock.withLock { if isDropped { dropped += 1 } else { forwarded += 1 } }
        }
    }

    /// A relay to the first peer at `first` and the second at `second` (loopback ports), dropping
    /// `loss` (0 … 1) of the datagrams each way and holding each of the others `delay` seconds.
    init(first: Int, second: Int, loss: Double, seed: UInt64, delay: TimeInterval = 0, lifetime: TimeInterval = 60) throws {
        let a = try Self.bind(), b = try Self.bind()
        sockets = (a.socket, b.socket)
        towardSecond = a.port
        towardFirst = b.port
        let state = state
        let deadline = Date().addingTimeInterval(lifetime)
        // First → (a) → relay → (b) → second, and second → (b) → relay → (a) → first.
        let pump = { (from: Int32, to: Int32, port: Int, seed: UInt64) in
            Thread {
                var random = SplitMix64(seed: seed)
                var buffer = [UInt8](repeating: 0, count: 2048)
                var held: [(due: Date, bytes: [UInt8])] = []
                func forward(_ bytes: [UInt8]) {
                    var address = Self.loopback(port: port)
                    _ = withUnsafePointer(to: &address) {
                        $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                            sendto(to, bytes, bytes.count, 0, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
                        }
                    }
                }
                while Date() < deadline, !state.isStopped {
                    while let first = held.first, first.due <= Date() {
                        forward(first.bytes)
                        held.removeFirst()
                    }
                    let wait = held.first.map { max(1, min(50, Int32($0.due.timeIntervalSinceNow * 1000))) } ?? 50
                    var poller = pollfd(fd: from, events: Int16(POLLIN), revents: 0)
                    guard poll(&poller, 1, wait) > 0 else { continue }
                    let count = recv(from, &buffer, buffer.count, 0)
                    guard count > 0 else { continue }
                    if Double(random.next() % 10_000) / 10_000 < loss {
                        state.count(dropped: true)
                        continue
                    }
                    state.count(dropped: false)
                    if delay > 0 {
                        held.append((Date().addingTimeInterval(delay), Array(buffer[0..<count])))
                    } else {
                        forward(Array(buffer[0..<count]))
                    }
                }
            }
        }
        threads = [pump(a.socket, b.socket, second, seed), pump(b.socket, a.socket, first, seed &+ 1)]
        for thread in threads { thread.start() }
    }

    /// Datagrams forwarded and dropped so far, both ways.
    var forwarded: Int { state.lock.withLock { state.forwarded } }
    var dropped: Int { state.lock.withLock { state.dropped } }

    /// Stops both directions and closes the sockets (after the threads noticed, within 0.1 s).
    func stop() {
        state.lock.withLock { state.stopped = true }
        Thread.sleep(forTimeInterval: 0.12)
        close(sockets.0)
        close(sockets.1)
    }

    private static func loopback(port: Int) -> sockaddr_in {
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        return address
    }

    private static func bind() throws -> (socket: Int32, port: Int) {
        #if canImport(Glibc)
        let handle = socket(AF_INET, Int32(SOCK_DGRAM.rawValue), 0)
        #else
        let handle = socket(AF_INET, SOCK_DGRAM, 0)
        #endif
        guard handle >= 0 else { throw RelayError() }
        var address = loopback(port: 0)
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { systemBind(handle, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard bound == 0 else { throw RelayError() }
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(handle, $0, &length) }
        }
        return (handle, Int(UInt16(bigEndian: address.sin_port)))
    }

    struct RelayError: Error {}

    #if canImport(Glibc)
    private static let systemBind = Glibc.bind
    #else
    private static let systemBind = Darwin.bind
    #endif
}
