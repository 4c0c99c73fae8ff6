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
        #expect(received == [ghost])
        #expect(bob.statistics.received["ghost-chunk"] == 9)
        #expect(bob.statistics.dropped.isEmpty)
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
