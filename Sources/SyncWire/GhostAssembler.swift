import Domain
import Foundation

/// Puts ghosts back together from their chunks, in any order, with duplicates and loss: a ghost is
/// handed over once every chunk of it arrived, once (`add` returns it the first time only). Chunks of
/// one ghost agree on its id, start, step, count and name; a chunk that disagrees starts another
/// announcement of that ghost (a restarted announcer), which replaces the one under way.
package struct GhostAssembler: Sendable {
    private struct Partial: Sendable {
        var key: GhostChunkDTO
        var chunks: [UInt8: GhostChunkDTO] = [:]
        var delivered = false
    }

    /// The most ghosts being assembled (one per announcer).
    package let capacity: Int
    private var partials: [RunnerID: Partial] = [:]

    /// An assembler of at most `capacity` ghosts.
    package init(capacity: Int = 64) {
        self.capacity = capacity
    }

    /// Takes one chunk; returns the ghost when this chunk completed it. A completed track that breaks
    /// a `GhostTrack` rule (a step of more than 655.35 m between chunks) is dropped.
    package mutating func add(_ chunk: GhostChunkDTO) -> Ghost? {
        var partial = partials[chunk.ghost] ?? Partial(key: chunk)
        if !Self.sameAnnouncement(partial.key, chunk) { partial = Partial(key: chunk) }
        guard !partial.delivered else { return nil }
        if partials[chunk.ghost] == nil, partials.count >= capacity, let oldest = partials.keys.min() {
            partials[oldest] = nil
        }
        partial.chunks[chunk.index] = chunk
        defer { partials[chunk.ghost] = partial }
        guard partial.chunks.count == GhostChunkDTO.chunkCount(samples: Int(chunk.sampleCount)) else { return nil }
        partial.delivered = true
        var samples: [UInt32] = []
        samples.reserveCapacity(Int(chunk.sampleCount))
        for index in partial.chunks.keys.sorted() {
            guard let part = partial.chunks[index] else { continue }
            var value = part.base
            samples.append(value)
            for delta in part.deltas {
                let (sum, overflow) = value.addingReportingOverflow(UInt32(delta))
                guard !overflow else { return nil }
                value = sum
                samples.append(value)
            }
        }
        guard let track = GhostTrack(name: chunk.name, stepMilliseconds: chunk.stepMilliseconds, centimetres: samples) else {
            return nil
        }
        return Ghost(id: chunk.ghost, track: track, start: Date(timeIntervalSince1970: Double(chunk.startMilliseconds) / 1000))
    }

    private static func sameAnnouncement(_ a: GhostChunkDTO, _ b: GhostChunkDTO) -> Bool {
        a.startMilliseconds == b.startMilliseconds && a.stepMilliseconds == b.stepMilliseconds
            && a.sampleCount == b.sampleCount && a.name == b.name
    }
}
