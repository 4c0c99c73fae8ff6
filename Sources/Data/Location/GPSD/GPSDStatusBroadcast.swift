import Domain
import Foundation
import NIOConcurrencyHelpers

/// The gpsd client's `GPSDStatusTracker` behind a lock, with every reader of `statuses()` told each change
/// as it happens (the current state first).
final class GPSDStatusBroadcast: Sendable {
    private struct State {
        var tracker = GPSDStatusTracker()
        var readers: [UUID: AsyncStream<PositionStatus>.Continuation] = [:]
    }

    private let state = NIOLockedValueBox(State())

    /// Changes the tracker with `change`; readers hear of the new state if it differs.
    func update(_ change: (inout GPSDStatusTracker) -> Void) {
        let (status, readers) = state.withLockedValue { state -> (PositionStatus?, [AsyncStream<PositionStatus>.Continuation]) in
            let before = state.tracker.status
            change(&state.tracker)
            return state.tracker.status == before ? (nil, []) : (state.tracker.status, Array(state.readers.values))
        }
        guard let status else { return }
        for reader in readers { reader.yield(status) }
    }

    /// The current state, then each change, until the reader stops.
    func statuses() -> AsyncStream<PositionStatus> {
        let (stream, continuation) = AsyncStream.makeStream(of: PositionStatus.self, bufferingPolicy: .bufferingNewest(16))
        let id = UUID()
        let current = state.withLockedValue { state in
            state.readers[id] = continuation
            return state.tracker.status
        }
        continuation.yield(current)
        continuation.onTermination = { [weak self] _ in
            self?.state.withLockedValue { _ = $0.readers.removeValue(forKey: id) }
        }
        return stream
    }
}
