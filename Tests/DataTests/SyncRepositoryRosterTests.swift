import Data
import Domain
import Foundation
import MateRunnerTesting
import SyncWire
import Testing

/// What the repository does with valid datagrams it cannot apply: progress before a hello, datagrams
/// from an older protocol version, datagrams claiming to be from ourselves. Loopback only.
@Suite("UDPRaceSyncRepository roster and drops")
struct SyncRepositoryRosterTests {
    private func withRepository<T>(_ body: (UDPRaceSyncRepository) async throws -> T) async throws -> T {
        let repository = try await UDPRaceSyncRepository.bind(host: "127.0.0.1", port: 0)
        do {
            let result = try await body(repository)
            await repository.close()
            return result
        } catch {
            await repository.close()
            throw error
        }
    }

    private func waitForDatagrams(_ count: Int, at repository: UDPRaceSyncRepository) async throws {
        try await withHangGuard("\(count) datagrams at port \(repository.localPort)") {
            while repository.statistics.datagramsReceived < count { try await Task.sleep(for: .milliseconds(1)) }
        }
    }

    private func nextUpdate(of repository: UDPRaceSyncRepository) async throws -> RunnerProgress {
        try await withHangGuard("a datagram on port \(repository.localPort)") {
            for await update in repository.updates() { return update }
            throw TestFailure("the updates of port \(repository.localPort) ended")
        }
    }

    private func encode(_ sender: RunnerID, _ sequence: UInt32, _ message: SyncMessage) -> [UInt8] {
        SyncDatagramCodec.encode(SyncDatagram(sender: sender, sequence: sequence, message: message))
    }

    @Test("progress before its sender's hello is dropped as unknown-sender; after the hello it is applied")
    func progressBeforeHello() async throws {
        try await withRepository { repository in
            let progress = SyncSample.progress(id: 0xB0B, name: "bob", distance: 12.34)
            let id = progress.runner.id
            _ = try sendFromPlainSocket([encode(id, 1, .progress(ProgressReportDTO(progress)))], toPort: repository.localPort)
            try await waitForDatagrams(1, at: repository)
            #expect(repository.statistics.dropped == ["unknown-sender": 1])
            _ = try sendFromPlainSocket([
                encode(id, 2, .hello(name: "bob", terms: progress.terms)),
                encode(id, 3, .progress(ProgressReportDTO(progress))),
            ], toPort: repository.localPort)
            let received = try await nextUpdate(of: repository)
            #expect(received.state == progress.state)
            #expect(received.runner.name == "bob")
            #expect(repository.statistics.dropped == ["unknown-sender": 1])
        }
    }

    @Test("a version-1 datagram is dropped as unsupported-version and says to update every peer")
    func versionOnePeer() async throws {
        try await withRepository { repository in
            let v1: [UInt8] = [0x4D, 0x52, 1, 1] + [UInt8](repeating: 0, count: 33) + Array("a".utf8)
            _ = try sendFromPlainSocket([v1], toPort: repository.localPort)
            try await waitForDatagrams(1, at: repository)
            #expect(repository.statistics.dropped == ["unsupported-version": 1])
            #expect(repository.knownPeers.isEmpty)
        }
    }

    @Test("a datagram claiming our own runner id is dropped as own-sender")
    func ownSender() async throws {
        try await withRepository { repository in
            let me = SyncSample.progress(id: 0xA11CE)
            await repository.publish(me)
            _ = try sendFromPlainSocket([encode(me.runner.id, 9, .hello(name: "mallory", terms: me.terms))], toPort: repository.localPort)
            try await waitForDatagrams(1, at: repository)
            #expect(repository.statistics.dropped == ["own-sender": 1])
        }
    }

    @Test("cheers are decoded and counted by type; a pong to no ping of ours is dropped")
    func counted() async throws {
        try await withRepository { repository in
            let sender = RunnerID(rawValue: 0xC0FFEE)
            _ = try sendFromPlainSocket([
                encode(sender, 1, .cheer(recipient: RunnerID(rawValue: 1), emoji: .rocket, sentAtMilliseconds: 10)),
                encode(sender, 2, .clockPong(requester: RunnerID(rawValue: 1), t1: 1, t2: 2, t3: 3)),
            ], toPort: repository.localPort)
            try await waitForDatagrams(2, at: repository)
            #expect(repository.statistics.received == ["cheer": 1])
            #expect(repository.statistics.dropped == ["unsolicited-pong": 1])
        }
    }
}
