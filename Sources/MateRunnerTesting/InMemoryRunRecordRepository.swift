import Domain
import Foundation
import Synchronization

/// A `RunRecordRepository` in memory, for tests: keeps every record and every checkpoint written, and
/// can be told to fail from the next write on (as a full disk would).
public final class InMemoryRunRecordRepository: RunRecordRepository {
    /// What a failing write throws.
    public struct WriteFailed: Error, Equatable {
        public init() {}
    }

    private struct State {
        var records: [String: RunRecord] = [:]
        var checkpoints: [RunCheckpoint] = []
        var failing = false
    }

    private let state = Mutex(State())

    /// An empty repository.
    public init() {}

    /// Every checkpoint written, in order.
    public var checkpoints: [RunCheckpoint] { state.withLock { $0.checkpoints } }

    /// Makes every following write throw `WriteFailed`.
    public func failWrites() {
        state.withLock { $0.failing = true }
    }

    public func begin(_ record: RunRecord) throws {
        try state.withLock { state in
            guard !state.failing else { throw WriteFailed() }
            state.records[record.id] = record
        }
    }

    public func save(_ checkpoint: RunCheckpoint) throws {
        try state.withLock { state in
            guard !state.failing else { throw WriteFailed() }
            guard var record = state.records[checkpoint.runID] else { return }
            record.route += checkpoint.route
            record.samples += checkpoint.samples
            record.cheers += checkpoint.cheers
            record.distance = checkpoint.distance
            record.duration = checkpoint.duration
            record.kilocalories = checkpoint.kilocalories
            record.status = checkpoint.status
            if !checkpoint.results.isEmpty { record.results = checkpoint.results }
            state.records[checkpoint.runID] = record
            state.checkpoints.append(checkpoint)
        }
    }

    public func allRecords() throws -> [RunRecord] {
        RecordSummaries.newestFirst(state.withLock { Array($0.records.values) })
    }

    public func record(id: String) throws -> RunRecord? {
        state.withLock { $0.records[id] }
    }
}
