import Domain
import Foundation

/// One chunk of a ghost's track on the wire (extended subtype 9, docs/PROTOCOL.md "15/9 ghost chunk"):
/// the ghost's id, start and step, how many samples the whole track has, which chunk this is, the
/// distance at the chunk's first sample and the growth to each of its next ones, and the ghost's name.
/// Each chunk stands alone (its base is absolute), so chunks may arrive in any order, with loss.
package struct GhostChunkDTO: Sendable, Hashable {
    /// Samples per chunk: 189, so the longest chunk (with a 32-byte name) is 453 bytes, 461 with its
    /// tag: within the 462 that every message but the course fetch's chunk keeps to (no IP fragments).
    package static let samplesPerChunk = 189
    /// Header (16), subtype (1), ghost (8), start (8), step (4), count (2), index (1), base (4), name length (1).
    static let fixedLength = 45
    /// A chunk's total length without its tag: `fixedLength` + 2 × (samples − 1) + name bytes.
    static let lengths: ClosedRange<Int> = (fixedLength + 1)...(fixedLength + 2 * (samplesPerChunk - 1) + Runner.maximumNameBytes)

    /// The ghost's runner id: always `RunnerID.ghost(of:)` the sender.
    package var ghost: RunnerID
    /// The ghost's start, milliseconds since 1970 on the race clock.
    package var startMilliseconds: UInt64
    /// Milliseconds between two samples.
    package var stepMilliseconds: UInt32
    /// Samples in the whole track, 2 … `GhostTrack.maximumSamples`.
    package var sampleCount: UInt16
    /// Which chunk: 0 … chunks − 1.
    package var index: UInt8
    /// The distance at this chunk's first sample, in centimetres.
    package var base: UInt32
    /// The growth from each sample of the chunk to the next, in centimetres.
    package var deltas: [UInt16]
    /// The ghost's name.
    package var name: String

    /// How many chunks a track of `count` samples takes.
    package static func chunkCount(samples count: Int) -> Int {
        (count + samplesPerChunk - 1) / samplesPerChunk
    }

    /// The chunks announcing `ghost`, in order.
    package static func chunks(of ghost: Ghost) -> [GhostChunkDTO] {
        let samples = ghost.track.centimetres
        let start = UInt64(max(0, (ghost.start.timeIntervalSince1970 * 1000).rounded()))
        return (0..<chunkCount(samples: samples.count)).map { index in
            let low = index * samplesPerChunk
            let high = min(samples.count, low + samplesPerChunk)
            return GhostChunkDTO(
                ghost: ghost.id, startMilliseconds: start, stepMilliseconds: ghost.track.stepMilliseconds,
                sampleCount: UInt16(samples.count), index: UInt8(index), base: samples[low],
                deltas: (low + 1..<high).map { UInt16(samples[$0] - samples[$0 - 1]) }, name: ghost.track.name
            )
        }
    }

    func write(to writer: inout WireWriter) {
        writer.write(ghost.rawValue)
        writer.write(startMilliseconds)
        writer.write(stepMilliseconds)
        writer.write(sampleCount)
        writer.write(index)
        writer.write(base)
        for delta in deltas { writer.write(delta) }
        SyncDatagramCodec.writeName(name, to: &writer)
    }

    /// Reads and checks a chunk of `total` bytes (no tag) sent by `sender`: the ghost must be the
    /// sender's, the start a time before year 10000, the step 1 s … 1 h, the count 2 … 2268, the index
    /// one of its chunks, and the length that chunk's.
    static func read(from reader: inout WireReader, sender: RunnerID, total: Int) throws(DatagramError) -> GhostChunkDTO {
        let ghost = RunnerID(rawValue: try reader.readUInt64())
        guard ghost == .ghost(of: sender) else { throw .fieldOutOfRange("ghost") }
        let start = try reader.readUInt64()
        guard start <= 253_402_300_799_000 else { throw .fieldOutOfRange("start") }
        let step = try reader.readUInt32()
        guard step >= GhostTrack.minimumStepMilliseconds, step <= 3_600_000 else { throw .fieldOutOfRange("step") }
        let count = try reader.readUInt16()
        guard (2...GhostTrack.maximumSamples).contains(Int(count)) else { throw .fieldOutOfRange("samples") }
        let index = try reader.readUInt8()
        guard Int(index) < chunkCount(samples: Int(count)) else { throw .fieldOutOfRange("chunk") }
        let inChunk = min(samplesPerChunk, Int(count) - Int(index) * samplesPerChunk)
        // The name ends the datagram: its length byte says the rest.
        let nameStart = fixedLength - 1 + 2 * (inChunk - 1)
        guard total > nameStart else { throw .lengthMismatch(expected: nameStart + 2, actual: total) }
        let base = try reader.readUInt32()
        var deltas: [UInt16] = []
        deltas.reserveCapacity(inChunk - 1)
        for _ in 1..<inChunk { deltas.append(try reader.readUInt16()) }
        return GhostChunkDTO(
            ghost: ghost, startMilliseconds: start, stepMilliseconds: step, sampleCount: count, index: index,
            base: base, deltas: deltas, name: try SyncDatagramCodec.readName(from: &reader)
        )
    }
}
