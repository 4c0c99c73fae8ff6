import Domain
import Foundation
import Synchronization

/// Where received lobby messages and cheers (`RaceMessage`) go: to every subscriber of
/// `UDPRaceSyncRepository.messages()`, each with its own stream.
final class MessageHub: Sendable {
    private let subscribers = Mutex<[UUID: AsyncStream<ReceivedRaceMessage>.Continuation]>([:])

    /// A hub with no subscriber yet.
    init() {}

    /// A new stream of every message from now on.
    func subscribe() -> AsyncStream<ReceivedRaceMessage> {
        let (stream, continuation) = AsyncStream.makeStream(of: ReceivedRaceMessage.self, bufferingPolicy: .bufferingNewest(256))
        let id = UUID()
        subscribers.withLock { $0[id] = continuation }
        continuation.onTermination = { [weak self] _ in self?.unsubscribe(id) }
        return stream
    }

    /// Hands `message` to every subscriber.
    func deliver(_ message: ReceivedRaceMessage) {
        for continuation in subscribers.withLock({ Array($0.values) }) { continuation.yield(message) }
    }

    /// Ends every stream (the socket closed).
    func finish() {
        for continuation in subscribers.withLock({ Array($0.values) }) { continuation.finish() }
    }

    private func unsubscribe(_ id: UUID) {
        _ = subscribers.withLock { $0.removeValue(forKey: id) }
    }
}
