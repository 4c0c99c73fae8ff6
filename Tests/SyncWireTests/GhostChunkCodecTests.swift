import Domain
import Foundation
import MateRunnerTesting
import SyncWire
import Testing

/// The ghost chunk (extended subtype 9, docs/PROTOCOL.md "15/9 ghost chunk"): a ghost's track cut into
/// chunks that each stand alone, put back together in any order, refused when anything is out of range.
@Suite("Ghost chunks on the wire")
struct GhostChunkCodecTests {
    static let sender = RunnerID(rawValue: 0xA11CE)

    static func ghost(samples: Int = 400, name: String = "alice's best") throws -> Ghost {
        let centimetres: [UInt32] = (0..<samples).map { index -> UInt32 in UInt32(index * 310 + (index % 7) * 3) }
        let track = try #require(GhostTrack(name: name, stepMilliseconds: 1000, centimetres: centimetres))
        return Ghost(announcedBy: sender, track: track, start: Date(timeIntervalSince1970: 1_795_158_000.123))
    }

    static func encoded(_ chunk: GhostChunkDTO, sender: RunnerID = sender, key: RaceKey? = nil) -> [UInt8] {
        SyncDatagramCodec.encode(SyncDatagram(sender: sender, sequence: 5, message: .extended(.ghostChunk(chunk))), key: key)
    }

    @Test("a 400-sample track is 3 chunks within the longest datagram; each round trips, open and keyed")
    func roundTrip() throws {
        let chunks = GhostChunkDTO.chunks(of: try Self.ghost())
        #expect(chunks.count == 3)
        #expect(chunks.map(\.deltas.count) == [188, 188, 21])
        let key = try RaceKey.testing("ghost")
        for chunk in chunks {
            let open = Self.encoded(chunk)
            #expect(open.count == 43 + 2 * (chunk.deltas.count + 1) + chunk.name.utf8.count)
            #expect(open[3] == 0xF0 && open[16] == 9)
            #expect(try SyncDatagramCodec.decode(open).message == .extended(.ghostChunk(chunk)))
            let keyed = Self.encoded(chunk, key: key)
            #expect(try SyncDatagramCodec.decode(keyed, key: key).message == .extended(.ghostChunk(chunk)))
        }
        // The longest chunk, with a name of 32 bytes, is 461 bytes with its tag (within 462, no fragmentation).
        let longest = GhostChunkDTO.chunks(of: try Self.ghost(samples: 189, name: String(repeating: "g", count: 32)))[0]
        let bytes = Self.encoded(longest, key: key)
        #expect(bytes.count == 461)
        #expect(bytes.count <= SyncDatagramCodec.maximumLength)
        #expect(try SyncDatagramCodec.decode(bytes, key: key).message == .extended(.ghostChunk(longest)))
    }

    @Test("chunks in any order, with duplicates, give back the very ghost, once; a missing chunk gives nothing")
    func assembly() throws {
        let ghost = try Self.ghost()
        let chunks = GhostChunkDTO.chunks(of: ghost)
        var assembler = GhostAssembler()
        #expect(assembler.add(chunks[2]) == nil)
        #expect(assembler.add(chunks[0]) == nil)
        #expect(assembler.add(chunks[2]) == nil)
        #expect(assembler.add(chunks[1]) == ghost)
        #expect(assembler.add(chunks[1]) == nil, "handed over once")
        var partial = GhostAssembler()
        #expect(partial.add(chunks[0]) == nil && partial.add(chunks[1]) == nil)
        // A later announcement (another start: a restarted announcer) starts over.
        var restarted = GhostAssembler()
        let later = Ghost(id: ghost.id, track: ghost.track, start: ghost.start.addingTimeInterval(60))
        let laterChunks = GhostChunkDTO.chunks(of: later)
        #expect(restarted.add(chunks[0]) == nil && restarted.add(laterChunks[1]) == nil && restarted.add(laterChunks[2]) == nil)
        #expect(restarted.add(laterChunks[0]) == later)
    }

    @Test("a chunk is refused for another runner's ghost, a step under 1 s, too few samples, a chunk past the last, or a wrong length")
    func rejections() throws {
        let chunk = GhostChunkDTO.chunks(of: try Self.ghost())[2]
        // Sent by bob about alice's ghost: not his to announce.
        #expect(throws: DatagramError.fieldOutOfRange("ghost")) {
            try SyncDatagramCodec.decode(Self.encoded(chunk, sender: RunnerID(rawValue: 0xB0B)))
        }
        var bytes = Self.encoded(chunk)
        bytes[33...36] = [0, 0, 3, 0xE7]  // 999 ms
        #expect(throws: DatagramError.fieldOutOfRange("step")) { try SyncDatagramCodec.decode(bytes) }
        bytes = Self.encoded(chunk)
        bytes[37...38] = [0, 1]
        #expect(throws: DatagramError.fieldOutOfRange("samples")) { try SyncDatagramCodec.decode(bytes) }
        bytes = Self.encoded(chunk)
        bytes[39] = 3
        #expect(throws: DatagramError.fieldOutOfRange("chunk")) { try SyncDatagramCodec.decode(bytes) }
        bytes = Self.encoded(chunk)
        #expect(throws: (any Error).self) { try SyncDatagramCodec.decode(Array(bytes.dropLast(3))) }
        #expect(throws: (any Error).self) { try SyncDatagramCodec.decode(bytes + [0x41]) }
    }
}

@Suite("Group hearing on the wire (15/3)")
struct GroupHearingCodecTests {
    static let sender = RunnerID(rawValue: 0xA11CE)

    @Test("round trip open and keyed, the empty report (hearing nobody) included; 54 runners fit 462 bytes with the tag")
    func roundTrip() throws {
        let key = try RaceKey.testing("group")
        for count in [0, 1, 2, 54] {
            let runners = (0..<count).map { $0 + 1 }.map { RunnerID(rawValue: UInt64($0) * 0x1_0000_0001) }
            let datagram = SyncDatagram(sender: Self.sender, sequence: 9, message: .extended(.groupHearing(runners)))
            let open = SyncDatagramCodec.encode(datagram, key: nil)
            #expect(open.count == 18 + 8 * count)
            #expect(try SyncDatagramCodec.decode(open) == datagram)
            let keyed = SyncDatagramCodec.encode(datagram, key: key)
            #expect(keyed.count <= 462)
            #expect(try SyncDatagramCodec.decode(keyed, key: key) == datagram)
        }
    }

    @Test("a zero or repeated runner, or a count that disagrees with the length is refused; an empty list is read")
    func refused() throws {
        let good = SyncDatagramCodec.encode(
            SyncDatagram(sender: Self.sender, sequence: 9, message: .extended(.groupHearing([RunnerID(rawValue: 5), RunnerID(rawValue: 6)]))), key: nil
        )
        var empty = Array(good[0..<18])
        empty[17] = 0
        #expect(try SyncDatagramCodec.decode(empty).message == .extended(.groupHearing([])))
        var emptyCountingOne = empty
        emptyCountingOne[17] = 1
        #expect(throws: DatagramError.lengthMismatch(expected: 26, actual: 18)) { try SyncDatagramCodec.decode(emptyCountingOne) }
        var zero = good
        for index in 18..<26 { zero[index] = 0 }
        #expect(throws: DatagramError.fieldOutOfRange("runner")) { try SyncDatagramCodec.decode(zero) }
        var repeated = good
        repeated[25 + 8] = 5
        #expect(throws: DatagramError.fieldOutOfRange("runner")) { try SyncDatagramCodec.decode(repeated) }
        var miscounted = good
        miscounted[17] = 3
        #expect(throws: DatagramError.lengthMismatch(expected: 42, actual: 34)) { try SyncDatagramCodec.decode(miscounted) }
        #expect(throws: DatagramError.self) { try SyncDatagramCodec.decode(Array(good.dropLast())) }
    }
}
