import Data
import Domain
import Foundation
import MateRunnerTesting
import SyncWire
import Testing

// The repository halves of sync-core suites (SyncCoreTests: GhostPeerStateTests, ProgressDeltaTests,
// RaceIDFallbackTests): the same behaviour over real sockets on loopback.

/// Ghosts over real sockets on loopback, open and keyed: the announcer's first publish carries the table.
@Suite("UDPRaceSyncRepository: ghosts on loopback")
struct GhostLoopbackTests {
    static let alice = SyncSample.progress(id: 0xA11CE, name: "alice")

    /// Alice's ghost: 400 samples, so 3 chunks (as GhostPeerStateTests's).
    static func ghost() throws -> Ghost {
        let centimetres: [UInt32] = (0..<400).map { index -> UInt32 in UInt32(index * 310) }
        let track = try #require(GhostTrack(name: "alice's best", stepMilliseconds: 1000, centimetres: centimetres))
        return Ghost(announcedBy: alice.runner.id, track: track, start: Date(timeIntervalSince1970: 1_795_158_000))
    }

    @Test("alice announces a ghost: bob's repository hands it over whole, equal to hers, open and with a race key")
    func ghostOverLoopback() async throws {
        for key in [nil, try RaceKey.testing("ghosts")] {
            try await withRepositories([key, key]) { repositories in
                let (a, b) = (repositories[0], repositories[1])
                try a.addPeer(PeerAddress(host: "127.0.0.1", port: b.localPort))
                try b.addPeer(PeerAddress(host: "127.0.0.1", port: a.localPort))
                let ghost = try GhostLoopbackTests.ghost()
                await a.announce(ghost)
                await a.publish(GhostLoopbackTests.alice)
                let received = try await withHangGuard("a ghost at port \(b.localPort)") {
                    for await ghost in b.ghosts() { return ghost }
                    throw TestFailure("the ghosts of port \(b.localPort) ended")
                }
                // Handed over whole, and marked with its announcer's name (alice's hello).
                var announced = ghost
                announced.announcer = GhostLoopbackTests.alice.runner.name
                #expect(received == announced)
                #expect(b.statistics.received["ghost-chunk"] == 3)
            }
        }
    }
}

/// Progress as deltas between two repositories on loopback (the bookkeeping: SyncCoreTests/ProgressDeltaTests).
@Suite("Progress deltas on loopback")
struct ProgressDeltaLoopbackTests {
    @Test("keyed, on loopback: a mate that acknowledges gets 29-byte deltas, and the same states")
    func loopback() async throws {
        let key = try RaceKey.testing("lake run")
        try await withRepositories([key, key]) { repositories in
            let (a, b) = (repositories[0], repositories[1])
            try a.addPeer(PeerAddress(host: "127.0.0.1", port: b.localPort))
            try b.addPeer(PeerAddress(host: "127.0.0.1", port: a.localPort))
            let (sent, received) = try await withHangGuard("40 updates") {
                var sent: [RunnerProgress] = []
                var received: [RunnerProgress] = []
                var updates = b.updates().makeAsyncIterator()
                for step in 1...40 {
                    let progress = SyncSample.progress(id: 0xA, name: "alice", elapsed: Double(step) * 0.75, distance: Double(step) * 2.6)
                    sent.append(progress)
                    await a.publish(progress)
                    guard let update = await updates.next() else { break }
                    received.append(update)
                    // b publishes too (its hellos carry its acknowledgements), and a takes them in.
                    let before = a.statistics.datagramsReceived
                    await b.publish(SyncSample.progress(id: 0xB, name: "bob", elapsed: Double(step), distance: Double(step)))
                    while a.statistics.datagramsReceived == before { try await Task.sleep(for: .milliseconds(1)) }
                }
                return (sent, received)
            }
            #expect(received.map(\.state) == sent.map { $0.quantized().state })
            let sizes = a.progressUpdateSizes
            #expect(sizes.count == 40)
            #expect(sizes.deltas >= 30)
            #expect(sizes.maximum == 32)
            #expect(sizes.mean < 30)
            #expect(b.statistics.droppedTotal == 0)
        }
    }
}

/// The previous UTC day's race id between two repositories on loopback (SyncCoreTests/RaceIDFallbackTests).
@Suite("Race id fallback on loopback")
struct RaceIDFallbackLoopbackTests {
    @Test("on loopback: a runner started after midnight UTC and a mate started before it end up exchanging progress under the earlier race id")
    func exchangeOnLoopback() async throws {
        let keys = [
            try RaceKey.testing("lake run", defaultRaceIDAt: RaceKey.afterMidnight),
            try RaceKey.testing("lake run", defaultRaceIDAt: RaceKey.beforeMidnight),
        ]
        try await withRepositories(keys) { repositories in
            let (late, early) = (repositories[0], repositories[1])
            try late.addPeer(PeerAddress(host: "127.0.0.1", port: early.localPort))
            try early.addPeer(PeerAddress(host: "127.0.0.1", port: late.localPort))
            let publishing = Task {
                // Bounded: 20 s at most; a hello goes with every 4th publish, at most one a second.
                for _ in 0..<2_000 where !Task.isCancelled {
                    await late.publish(SyncSample.progress(id: 0xA11CE, name: "alice"))
                    await early.publish(SyncSample.progress(id: 0xB0, name: "bob"))
                    try? await Task.sleep(for: .milliseconds(10))
                }
            }
            defer { publishing.cancel() }
            #expect(try await nextUpdate(of: late).runner.name == "bob")
            #expect(try await nextUpdate(of: early).runner.name == "alice")
            #expect(late.publicRaceID == keys[1].publicID)
            #expect(early.publicRaceID == keys[1].publicID, "the earlier runner never moved")
            #expect(late.statistics.dropped["bad-tag", default: 0] > 0, "the datagrams before the switch were refused")
        }
    }
}
