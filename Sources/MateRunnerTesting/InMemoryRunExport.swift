import Domain
import Synchronization

/// A `RunExportRepository` in memory, for tests: keeps what would have been written, by path, and
/// can refuse a path (as a missing folder would).
public final class InMemoryRunExport: RunExportRepository {
    /// One file written.
    public enum File: Sendable, Equatable {
        /// The route of the run with this id, as GPX.
        case route(runID: String)
        /// A document's text.
        case document(String)
    }

    private struct State {
        var files: [String: File] = [:]
        var refused: Set<String> = []
    }

    private let state = Mutex(State())

    /// Nothing written yet.
    public init() {}

    /// What was written, by path.
    public var files: [String: File] { state.withLock { $0.files } }

    /// Makes writes to `path` fail with `RunExportError.cannotWrite`.
    public func refuse(_ path: String) {
        state.withLock { _ = $0.refused.insert(path) }
    }

    public func writeRoute(of record: RunRecord, to path: String) throws(RunExportError) {
        try store(.route(runID: record.id), at: path)
    }

    public func write(document: String, to path: String) throws(RunExportError) {
        try store(.document(document), at: path)
    }

    private func store(_ file: File, at path: String) throws(RunExportError) {
        let refused = state.withLock { state -> Bool in
            guard !state.refused.contains(path) else { return true }
            state.files[path] = file
            return false
        }
        if refused { throw .cannotWrite(path: path, reason: "No such file or directory") }
    }
}
