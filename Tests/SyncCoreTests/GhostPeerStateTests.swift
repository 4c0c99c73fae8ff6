@testable import SyncCore
import Domain
import Foundation
import SyncTesting
import SyncWire
import Testing

/// Ghosts between two peer states: the announcer sends one chunk with each publish, in turn; the mate
/// hands the ghost over once whole, and only from a runner whose hello it holds.
@Suite("Peer state: ghost announcements")
struct GhostPeerStateTests {
    /// Alice's ghost: 400 samples, so 3 chunks.
    static func ghost() throws -> Ghost {
        let centimetres: [UInt32] = (0..<400).map { index -> UInt32 in UInt32(index * 310) }
        let track = try #require(GhostTrack(name: "alice's best", stepMilliseconds: 1000, centimetres: centimetres))
        return Ghost(announcedBy: PeerStateTests.alice.runner.id, track: track, start: Date(timeIntervalSince1970: 1_795_158_000))
    }

    @Test("every chunk goes with the first publish, then one with every publish, in turn, after the hello; the mate gets the ghost once, whole")
    func announceAndAssemble() throws {
        var alice = PeerState(key: nil, capacity: 64, epoch: 7)
        var bob = PeerState(key: nil, capacity: 64, epoch: 9)
        alice.learnPeer(PeerStateTests.bobAddress)
        let ghost = try Self.ghost()
        #expect(ghost.id == .ghost(of: PeerStateTests.alice.runner.id))
        alice.announce(ghost)
        var received: [Ghost] = []
        var chunkIndexes: [UInt8] = []
        for round in 0..<7 {
            var progress = PeerStateTests.alice
            progress.sequence = UInt32(round + 1)
            let sent = alice.publish(progress, clocks: PeerStateTests.clocks(1_000 + UInt64(round)))
            for datagram in sent {
                if case .extended(.ghostChunk(let chunk)) = try SyncDatagramCodec.decode(datagram.bytes).message { chunkIndexes.append(chunk.index) }
            }
            received += PeerStateTests.deliver(sent, from: PeerStateTests.aliceAddress, to: &bob).flatMap(\.ghosts)
        }
        #expect(chunkIndexes == [0, 1, 2, 0, 1, 2, 0, 1, 2])
        // Marked with who announced it: the name alice's hello gave (anyone may in an open race).
        var announced = ghost
        announced.announcer = PeerStateTests.alice.runner.name
        #expect(received == [announced])
        #expect(received.first?.runner.announcedBy == PeerStateTests.alice.runner.name)
        #expect(bob.statistics.received["ghost-chunk"] == 9)
        #expect(bob.statistics.dropped.isEmpty)
    }

    @Test("in an invited race only its host announces ghosts; a joiner's ghost is refused (ghost-not-host)")
    func invitedGhostsFromTheHostAlone() throws {
        var (host, joiner) = try PeerStatePairingTests().exchange()
        let clocks = SyncClocks()
        let terms = RaceTerms(mode: .race, goal: .standard)
        let (alice, bob) = (Runner(id: RunnerID(rawValue: 0xA1), name: "alice"), Runner(id: RunnerID(rawValue: 0xB2), name: "bob"))
        let track = try #require(GhostTrack(name: "best", stepMilliseconds: 1000, centimetres: (0..<10).map { UInt32($0 * 300) }))
        joiner.announce(Ghost(announcedBy: bob.id, track: track, start: Date(timeIntervalSince1970: 1_795_158_000)))
        host.announce(Ghost(announcedBy: alice.id, track: track, start: Date(timeIntervalSince1970: 1_795_158_000)))
        var atHost: [Ghost] = [], atJoiner: [Ghost] = []
        for step in 1...3 {
            let bobs = RunnerProgress(runner: bob, terms: terms, phase: .running, elapsed: Double(step), distance: Double(step) * 3)
            let alices = RunnerProgress(runner: alice, terms: terms, phase: .running, elapsed: Double(step), distance: Double(step) * 2)
            for datagram in joiner.publish(bobs, clocks: clocks) {
                atHost += host.receive(datagram.bytes, from: PeerStatePairingTests.joinerAddress, clocks: clocks).ghosts
            }
            for datagram in host.publish(alices, clocks: clocks) {
                atJoiner += joiner.receive(datagram.bytes, from: PeerStatePairingTests.hostAddress, clocks: clocks).ghosts
            }
        }
        #expect(atHost.isEmpty && host.statistics.dropped["ghost-not-host", default: 0] >= 1, "\(host.statistics.dropped)")
        #expect(atJoiner.map(\.id) == [.ghost(of: alice.id)], "\(joiner.statistics.dropped)")
    }

    @Test("a chunk from a runner whose hello has not arrived is dropped, like its progress")
    func chunkBeforeHello() throws {
        var bob = PeerState(key: nil, capacity: 64)
        let chunk = GhostChunkDTO.chunks(of: try Self.ghost())[0]
        let bytes = SyncDatagramCodec.encode(SyncDatagram(sender: PeerStateTests.alice.runner.id, sequence: 1, message: .extended(.ghostChunk(chunk))))
        let effects = bob.receive(bytes, from: PeerStateTests.aliceAddress, clocks: PeerStateTests.clocks(1_000))
        #expect(effects.ghosts.isEmpty)
        #expect(bob.statistics.dropped == ["unknown-sender": 1])
    }
}
