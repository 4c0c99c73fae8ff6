import Data
import Domain
import Foundation
import MateRunnerTesting
import SyncWire
import Testing

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The UDP transport on loopback only: two (or three) sockets on 127.0.0.1 with system-picked ports.
/// Real time passes only while a datagram crosses loopback; `withHangGuard` turns a hang into a failure.
@Suite("UDPRaceSyncRepository on loopback")
struct UDPRaceSyncRepositoryTests {
    private func loopback(_ repository: UDPRaceSyncRepository) -> PeerAddress {
        PeerAddress(host: "127.0.0.1", port: repository.localPort)
    }

    /// Waits until `repository` has received `count` datagrams, valid or not.
    private func waitForDatagrams(_ count: Int, at repository: UDPRaceSyncRepository) async throws {
        try await withHangGuard("\(count) datagrams at port \(repository.localPort)") {
            while repository.statistics.datagramsReceived < count { try await Task.sleep(for: .milliseconds(1)) }
        }
    }

    @Test("binding port 0 picks a free port on the requested address")
    func bindsPortZero() async throws {
        try await withRepositories(2) { repositories in
            for repository in repositories {
                #expect(repository.localPort > 0)
                #expect(repository.localAddress.host == "127.0.0.1")
            }
            #expect(repositories[0].localPort != repositories[1].localPort)
        }
    }

    @Test("two peers that know each other exchange progress both ways, intact")
    func exchange() async throws {
        try await withRepositories(2) { repositories in
            let (a, b) = (repositories[0], repositories[1])
            try a.addPeer(loopback(b))
            try b.addPeer(loopback(a))
            let fromA = SyncSample.progress(id: 0xA, name: "alice", phase: .running, elapsed: 61.5, distance: 205.37)
            let fromB = SyncSample.progress(
                id: 0xB, name: "Žan", phase: .finished, elapsed: 1_201, distance: 5_000.01, finishTime: 1_200.25,
                hasFinalResult: true
            )
            await a.publish(fromA)
            let receivedA = try await nextUpdate(of: b)
            #expect(receivedA.state == fromA.state)
            // The first publish sends a hello (datagram 1), then the progress (datagram 2).
            #expect(receivedA.sequence == 2)
            await b.publish(fromB)
            #expect(try await nextUpdate(of: a).state == fromB.state)

            // b has heard a (the lower id, so the race-clock host): it pings a along with its hello,
            // and a answers with a pong. A first publish ends with a boot (restart catch-up), and b's
            // hello goes with an acknowledgement of a's progress (a delta base).
            try await waitForDatagrams(4, at: b)
            try await waitForDatagrams(5, at: a)
            #expect(a.statistics.datagramsSent == 4)
            #expect(a.statistics.bytesSent == (22 + 5) + 24 + 24 + 48)
            // b's finished progress goes as a 24-byte compact finished progress (type 14).
            #expect(b.statistics.bytesSent == (22 + 4) + 24 + 24 + 20 + 24)
            #expect(a.statistics.datagramsReceived == 5)
            #expect(a.statistics.droppedTotal == 0)
            #expect(b.statistics.droppedTotal == 0)
        }
    }

    @Test("several updates in a row all arrive, in order on loopback")
    func severalUpdates() async throws {
        try await withRepositories(2) { repositories in
            let (a, b) = (repositories[0], repositories[1])
            try a.addPeer(loopback(b))
            let sent = (1...20).map { SyncSample.progress(sequence: UInt32($0), elapsed: Double($0), distance: Double($0) * 3.5) }
            for progress in sent { await a.publish(progress) }
            let received = try await withHangGuard("20 updates") {
                var received: [RunnerProgress] = []
                for await update in b.updates() {
                    received.append(update)
                    if received.count == 20 { break }
                }
                return received
            }
            #expect(received.map(\.state) == sent.map(\.state))
            #expect(zip(received, received.dropFirst()).allSatisfy { $0.sequence < $1.sequence })
            // A hello before the 1st, 5th, 9th and 13th progress, and a boot after each of these (the
            // first 4 hellos, then every 4th: docs/PROTOCOL.md, "Restart and catch-up"); the 17th comes
            // within a second of the 13th on any machine that is not stalled, too soon for the next hello
            // (`SyncOutbox.helloSpacing`; SyncOutboxTests checks the rule with set times).
            #expect([28, 30].contains(a.statistics.datagramsSent - a.statistics.addressValidationSent), "b's challenge may get an echo")
        }
    }

    @Test("garbage from a stranger's socket is counted as dropped, by reason, and never delivered")
    func garbageIsDropped() async throws {
        try await withRepositories(2) { repositories in
            let (a, b) = (repositories[0], repositories[1])
            try a.addPeer(loopback(b))
            let strangerPort = try sendFromPlainSocket(
                [Array("hello".utf8), [UInt8](repeating: 0x42, count: 41), [UInt8](repeating: 0, count: 1_010), [UInt8](repeating: 0, count: 5_000)],
                toPort: b.localPort
            )
            let valid = SyncSample.progress(name: "alice")
            await a.publish(valid)
            #expect(try await nextUpdate(of: b).state == valid.state)
            // 7 besides the address echoes (a's echo of b's challenge may come at any point); the
            // 5 000 bytes are more than a batched read's room for one datagram, and still refused whole.
            try await withHangGuard("7 datagrams besides echoes at port \(b.localPort)") {
                while b.statistics.datagramsReceived - b.statistics.received["address-echo", default: 0] < 7 { try await Task.sleep(for: .milliseconds(1)) }
            }
            #expect(b.statistics.dropped == ["too-short": 1, "bad-magic": 1, "too-long": 2])
            #expect(b.statistics.droppedTotal == 4)
            #expect(b.statistics.datagramsReceived - b.statistics.received["address-echo", default: 0] == 7)
            // Only a valid datagram teaches a peer's address.
            #expect(!b.knownPeers.contains { $0.port == strangerPort })
            #expect(b.knownPeers.map(\.port) == [a.localPort])
        }
    }

    @Test("a well-formed datagram from a plain socket is delivered like any other")
    func plainSocketValidDatagram() async throws {
        try await withRepositories(1) { repositories in
            let progress = SyncSample.progress(id: 0x77, name: "raw", sequence: 3)
            let id = progress.runner.id
            _ = try sendFromPlainSocket([
                SyncDatagramCodec.encode(SyncDatagram(sender: id, sequence: 5, message: .hello(name: "raw", terms: progress.terms))),
                SyncDatagramCodec.encode(SyncDatagram(sender: id, sequence: 6, message: .progress(ProgressReportDTO(progress)))),
            ], toPort: repositories[0].localPort)
            let received = try await nextUpdate(of: repositories[0])
            #expect(received.state == progress.state)
            #expect(received.sequence == 6)
        }
    }

    @Test("one side knowing the other is enough: the reply goes to the learned address")
    func learnedPeer() async throws {
        try await withRepositories(2) { repositories in
            let (a, b) = (repositories[0], repositories[1])
            try a.addPeer(loopback(b))
            #expect(b.knownPeers.isEmpty)
            let hello = SyncSample.progress(id: 0xA, name: "alice", phase: .waiting)
            await a.publish(hello)
            #expect(try await nextUpdate(of: b).state == hello.state)
            #expect(b.knownPeers.map(\.port) == [a.localPort])
            // A learned address gets our datagrams once it echoed our cookie.
            try await waitForValidation(of: b)
            let reply = SyncSample.progress(id: 0xB, name: "bob", phase: .waiting)
            await b.publish(reply)
            #expect(try await nextUpdate(of: a).state == reply.state)
            // Learning the same address again adds nothing.
            await a.publish(hello)
            #expect(try await nextUpdate(of: b).state == hello.state)
            #expect(b.knownPeers.count == 1)
        }
    }

    @Test("a peer added twice is kept once, and our own address is never sent to")
    func peerBookkeeping() async throws {
        try await withRepositories(2) { repositories in
            let (a, b) = (repositories[0], repositories[1])
            try a.addPeer(loopback(b))
            try a.addPeer(loopback(b))
            #expect(a.knownPeers.count == 1)
            try a.addPeer(loopback(a))
            #expect(a.knownPeers.count == 2)
            await a.publish(SyncSample.progress())
            #expect(a.statistics.datagramsSent - a.statistics.addressValidationSent == 3, "b's challenge may get an echo")
            _ = try await nextUpdate(of: b)
        }
    }

    @Test("at most 64 peers are kept")
    func peerLimit() async throws {
        try await withRepositories(1) { repositories in
            for port in 40_000..<40_070 { try repositories[0].addPeer(PeerAddress(host: "127.0.0.1", port: port)) }
            #expect(repositories[0].knownPeers.count == UDPRaceSyncRepository.maximumPeers)
            #expect(UDPRaceSyncRepository.maximumPeers == 64)
        }
    }

    @Test("binding a port already in use throws SyncError.portInUse with a hint")
    func portInUse() async throws {
        try await withRepositories(1) { repositories in
            let port = repositories[0].localPort
            await #expect(throws: SyncError.portInUse(port)) {
                let second = try await UDPRaceSyncRepository.bind(host: "127.0.0.1", port: port)
                await second.close()
            }
            #expect(SyncError.portInUse(port).description.contains("--port"))
        }
    }

    @Test("closing ends the updates stream")
    func closeEndsUpdates() async throws {
        let repository = try await UDPRaceSyncRepository.bind(host: "127.0.0.1", port: 0)
        await repository.close()
        let ended = try await withHangGuard("the updates stream to end") {
            for await _ in repository.updates() { return false }
            return true
        }
        #expect(ended)
    }
}

/// Sends datagrams to 127.0.0.1:`port` from one fresh plain (non-NIO) UDP socket; returns its port.
func sendFromPlainSocket(_ datagrams: [[UInt8]], toPort port: Int) throws -> Int {
    #if canImport(Glibc)
    let fd = socket(AF_INET, Int32(SOCK_DGRAM.rawValue), 0)
    #else
    let fd = socket(AF_INET, SOCK_DGRAM, 0)
    #endif
    guard fd >= 0 else { throw TestFailure("socket() failed, errno \(errno)") }
    defer { close(fd) }
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_port = UInt16(port).bigEndian
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    for datagram in datagrams {
        let sent = datagram.withUnsafeBytes { buffer in
            withUnsafePointer(to: &address) { pointer in
                pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                    sendto(fd, buffer.baseAddress, buffer.count, 0, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
                }
            }
        }
        guard sent == datagram.count else { throw TestFailure("sendto() sent \(sent) of \(datagram.count) bytes, errno \(errno)") }
    }
    var local = sockaddr_in()
    var length = socklen_t(MemoryLayout<sockaddr_in>.size)
    let status = withUnsafeMutablePointer(to: &local) { pointer in
        pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &length) }
    }
    guard status == 0 else { throw TestFailure("getsockname() failed, errno \(errno)") }
    return Int(UInt16(bigEndian: local.sin_port))
}
