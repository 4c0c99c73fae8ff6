@testable import Data
import Domain
import MateRunnerTesting
import NIOCore
import NIOPosix
import Testing

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Datagrams handed to the socket many to a system call: every one that can go goes, in order, with
/// its own bytes and address; one the socket refuses does not stop the others.
@Suite("DatagramBatchSender and the transport's sends")
struct DatagramBatchSenderTests {
    #if os(Linux)
    @Test("150 datagrams of different lengths to two sockets arrive whole, in order, and each is reported sent")
    func manyToTwo() throws {
        let sender = try LoopbackSocket()
        let first = try LoopbackSocket()
        let second = try LoopbackSocket()
        let payloads = (0..<150).map { index in [UInt8](repeating: UInt8(index), count: 1 + index * 7) }
        let remotes = payloads.indices.map { index in (index % 3 == 0 ? second : first).address as SocketAddress? }
        let sent = DatagramBatchSender.send(payloads, to: remotes, socket: sender.descriptor)
        #expect(sent == Array(repeating: true, count: payloads.count))
        let expectedFirst = payloads.indices.filter { $0 % 3 != 0 }.map { payloads[$0] }
        let expectedSecond = payloads.indices.filter { $0 % 3 == 0 }.map { payloads[$0] }
        #expect(first.receiveAll() == expectedFirst)
        #expect(second.receiveAll() == expectedSecond)
    }

    @Test("a datagram without an address, one too long for UDP and one to another family are refused; those after them still go")
    func refusedOnesDoNotStopTheRest() throws {
        let sender = try LoopbackSocket()
        let receiver = try LoopbackSocket()
        let tooLong = [UInt8](repeating: 1, count: 70_000)
        let payloads: [[UInt8]] = [[1], [2], tooLong, [3], [4], [5]]
        let remotes: [SocketAddress?] = [
            receiver.address, nil, receiver.address, try SocketAddress(ipAddress: "::1", port: receiver.port), receiver.address, receiver.address,
        ]
        let sent = DatagramBatchSender.send(payloads, to: remotes, socket: sender.descriptor)
        #expect(sent == [true, false, false, false, true, true])
        #expect(receiver.receiveAll() == [[1], [4], [5]])
    }

    @Test("on no socket (a descriptor that is not open) nothing is reported sent")
    func noSocket() throws {
        let receiver = try LoopbackSocket()
        // Not a closed descriptor of our own: another test's file could be given its number meanwhile.
        let sent = DatagramBatchSender.send([[1], [2]], to: [receiver.address, receiver.address], socket: -1)
        #expect(sent == [false, false])
        #expect(receiver.receiveAll().isEmpty)
    }

    @Test("100 datagrams waiting in the transport's socket, more than one read takes, all reach it in order")
    func burstWaitingInTheSocket() async throws {
        let received = Locked<[[UInt8]]>([])
        // The first datagram holds the transport's event loop (its own, not the tests' shared one) for
        // 300 ms, so the burst sent meanwhile waits in its socket and is read 16 at a time, one read
        // each time the socket is readable.
        let group = MultiThreadedEventLoopGroup(numberOfThreads: 1)
        let receiver = try await UDPTransport.bind(host: "127.0.0.1", port: 0, maximumLength: 2_048, group: group, receive: { bytes, _ in
            if received.withLock({ $0.append(bytes); return $0.count == 1 }) { usleep(300_000) }
            return []
        }, failed: {})
        let sender = try LoopbackSocket()
        let address = try SocketAddress(ipAddress: "127.0.0.1", port: receiver.localAddress.port)
        #expect(DatagramBatchSender.send([[0]], to: [address], socket: sender.descriptor) == [true])
        for _ in 0..<100 where received.value.isEmpty { try await Task.sleep(for: .milliseconds(5)) }
        let burst = (1...100).map { index in [UInt8(index), UInt8(index)] }
        #expect(DatagramBatchSender.send(burst, to: Array(repeating: address, count: burst.count), socket: sender.descriptor)
            == Array(repeating: true, count: burst.count))
        for _ in 0..<300 where received.value.count < 101 { try await Task.sleep(for: .milliseconds(10)) }
        #expect(received.value == [[0]] + burst)
        await receiver.close()
        try await group.shutdownGracefully()
    }
    #endif

    @Test(
        "the transport sends a batch in order and says which went, straight to the socket or through the channel",
        arguments: [true, false]
    )
    func transportSends(batched: Bool) async throws {
        let received = Locked<[[UInt8]]>([])
        let receiver = try await UDPTransport.bind(host: "127.0.0.1", port: 0, maximumLength: 2_048, receive: { bytes, _ in
            received.withLock { $0.append(bytes) }
            return []
        }, failed: {})
        let sender = try await UDPTransport.bind(
            host: "127.0.0.1", port: 0, maximumLength: 2_048, sendsInBatches: batched, receive: { _, _ in [] }, failed: {}
        )
        let batch = (0..<20).map { index in (bytes: [UInt8](repeating: UInt8(index), count: 10 + index), address: receiver.localAddress) }
        let unusable = PeerAddress(host: "mate.local", port: 1)
        #expect(await sender.send(batch + [(bytes: [99], address: unusable)]) == Array(repeating: true, count: 20) + [false])
        #expect(await sender.send(batch.reversed()) == Array(repeating: true, count: 20))
        #expect(await sender.send([]) == [])
        let expected = batch.map(\.bytes) + batch.reversed().map(\.bytes)
        for _ in 0..<200 where received.value.count < expected.count { try await Task.sleep(for: .milliseconds(10)) }
        #expect(received.value == expected)
        await sender.close()
        await receiver.close()
    }
}

#if os(Linux)
/// A UDP socket bound to a free port of 127.0.0.1, closed when the test lets go of it.
private final class LoopbackSocket {
    let descriptor: CInt
    let port: Int
    let address: SocketAddress

    init() throws {
        let descriptor = socket(AF_INET, Int32(SOCK_DGRAM.rawValue), 0)
        guard descriptor >= 0 else { throw SocketFailure(call: "socket") }
        self.descriptor = descriptor
        var local = sockaddr_in()
        local.sin_family = sa_family_t(AF_INET)
        local.sin_addr.s_addr = inet_addr("127.0.0.1")
        let bound = withUnsafePointer(to: &local) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard bound == 0 else { throw SocketFailure(call: "bind") }
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let named = withUnsafeMutablePointer(to: &local) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(descriptor, $0, &length) }
        }
        guard named == 0 else { throw SocketFailure(call: "getsockname") }
        port = Int(UInt16(bigEndian: local.sin_port))
        address = try SocketAddress(ipAddress: "127.0.0.1", port: port)
        // A receive waits at most 200 ms, and the buffer holds every datagram a test sends.
        var timeout = timeval(tv_sec: 0, tv_usec: 200_000)
        setsockopt(descriptor, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        var buffer: CInt = 4 << 20
        setsockopt(descriptor, SOL_SOCKET, SO_RCVBUF, &buffer, socklen_t(MemoryLayout<CInt>.size))
    }

    deinit { close(descriptor) }

    /// Every datagram waiting, in order (until none comes for 100 ms after the first).
    func receiveAll() -> [[UInt8]] {
        var datagrams: [[UInt8]] = []
        var buffer = [UInt8](repeating: 0, count: 65_536)
        while true {
            let length = buffer.withUnsafeMutableBytes { recv(descriptor, $0.baseAddress, $0.count, datagrams.isEmpty ? 0 : Int32(MSG_DONTWAIT)) }
            if length < 0 {
                // Datagrams on loopback are all there once the send returns; none waiting means none more.
                return datagrams
            }
            datagrams.append(Array(buffer[0..<length]))
        }
    }
}

private struct SocketFailure: Error, CustomStringConvertible {
    let call: String
    let code = errno
    var description: String { "\(call) failed: \(String(cString: strerror(code)))" }
}
#endif
