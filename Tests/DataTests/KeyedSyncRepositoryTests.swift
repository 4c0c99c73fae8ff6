import Data
import Domain
import Foundation
import MateRunnerTesting
import SyncWire
import Testing

/// Keyed races on loopback: mates with the key exchange progress; another key, no key, and replayed
/// datagrams are dropped, counted by reason and by source, with a message saying what to do.
@Suite("UDPRaceSyncRepository with a race key")
struct KeyedSyncRepositoryTests {
    private func waitForDrops(_ count: Int, at repository: UDPRaceSyncRepository) async throws {
        try await withHangGuard("\(count) drops at port \(repository.localPort)") {
            while repository.statistics.droppedTotal < count { try await Task.sleep(for: .milliseconds(1)) }
        }
    }

    @Test("mates with the same key exchange 32-byte progress updates")
    func sameKey() async throws {
        let key = try RaceKey.testing("lake run")
        try await withRepositories([key, key]) { repositories in
            let (a, b) = (repositories[0], repositories[1])
            try a.addPeer(PeerAddress(host: "127.0.0.1", port: b.localPort))
            let progress = SyncSample.progress(id: 0xA, name: "alice")
            await a.publish(progress)
            #expect(try await nextUpdate(of: b).state == progress.state)
            // b learned a's address from the hello: a's echo of b's challenge is counted apart.
            #expect(a.statistics.bytesSent - a.statistics.addressValidationBytes == (22 + 5 + 8) + (24 + 8) + (24 + 8))
            #expect(b.statistics.droppedTotal == 0)
            #expect(a.isAuthenticated)
        }
    }

    @Test("another key, and no key, are dropped as bad-tag and missing-tag, counted by source with a hint")
    func wrongAndMissingKey() async throws {
        let key = try RaceKey.testing("lake run")
        try await withRepositories([key, try RaceKey.testing("lake fun"), nil]) { repositories in
            let (ours, theirs, open) = (repositories[0], repositories[1], repositories[2])
            for sender in [theirs, open] { try sender.addPeer(PeerAddress(host: "127.0.0.1", port: ours.localPort)) }
            await theirs.publish(SyncSample.progress(id: 0xB, name: "bob"))
            await open.publish(SyncSample.progress(id: 0xC, name: "carol"))
            // Each publish is a hello, a progress and a boot.
            try await waitForDrops(6, at: ours)
            #expect(ours.statistics.dropped == ["bad-tag": 3, "missing-tag": 3])
            #expect(ours.statistics.authenticationFailures == ["127.0.0.1": 6])
            #expect(ours.statistics.authenticationWarnings == [
                "6 datagrams from 127.0.0.1 failed authentication: check every runner uses the same race key and race id (--race-id), or none",
            ])
            #expect(ours.knownPeers.isEmpty)
        }
    }

    @Test("a keyed datagram sent again is dropped (a duplicate within the window, a replay past it), however valid its tag")
    func replay() async throws {
        let key = try RaceKey.testing("lake run")
        try await withRepositories([key]) { repositories in
            let ours = repositories[0]
            let id = RunnerID(rawValue: 0xE)
            let hello = SyncDatagramCodec.encode(SyncDatagram(sender: id, sequence: 1, message: .hello(name: "eve", terms: SyncSample.terms)), key: key)
            let progress = SyncDatagramCodec.encode(
                SyncDatagram(sender: id, sequence: 2, message: .progress(ProgressReportDTO(SyncSample.progress(id: 0xE, name: "eve")))), key: key
            )
            _ = try sendFromPlainSocket([hello, progress, progress, hello], toPort: ours.localPort)
            #expect(try await nextUpdate(of: ours).runner.name == "eve")
            try await waitForDrops(2, at: ours)
            #expect(ours.statistics.dropped == ["duplicate": 2])
            // 64 numbers on (as far as a sender may jump at once) the hello is past the replay window: a replay, still dropped.
            let later = SyncDatagramCodec.encode(
                SyncDatagram(sender: id, sequence: 66, message: .progress(ProgressReportDTO(SyncSample.progress(id: 0xE, name: "eve")))), key: key
            )
            _ = try sendFromPlainSocket([later, hello], toPort: ours.localPort)
            try await waitForDrops(3, at: ours)
            #expect(ours.statistics.dropped == ["duplicate": 2, "replayed": 1])
        }
    }
}
