import Domain
import Foundation
import Synchronization

/// Lobby messages and cheers in memory, for tests: what an endpoint sends reaches the named runners'
/// endpoints (or every other endpoint), unless the network's `drop` rule says otherwise.
public final class InMemoryMessageNetwork: Sendable {
    /// Decides, for a message from `sender` to `recipient`, whether it is lost.
    public typealias DropRule = @Sendable (_ sender: RunnerID, _ recipient: RunnerID, _ message: RaceMessage) -> Bool

    private let subscribers = Mutex<[RunnerID: [AsyncStream<ReceivedRaceMessage>.Continuation]]>([:])
    private let dropRule = Mutex<DropRule?>(nil)
    private let sent = Mutex<[ReceivedRaceMessage]>([])

    public init() {}

    /// The messaging repository of runner `id`.
    public func endpoint(for id: RunnerID) -> Endpoint {
        subscribers.withLock { if $0[id] == nil { $0[id] = [] } }
        return Endpoint(network: self, id: id)
    }

    /// From now on, messages for which `rule` returns true are lost (nil: none is).
    public func drop(_ rule: DropRule?) {
        dropRule.withLock { $0 = rule }
    }

    /// Every message sent so far, in order, whether delivered or not.
    public var log: [ReceivedRaceMessage] { sent.withLock { $0 } }

    fileprivate func send(_ message: RaceMessage, from sender: RunnerID, to recipients: [RunnerID]?) {
        sent.withLock { $0.append(ReceivedRaceMessage(sender: sender, message: message)) }
        let rule = dropRule.withLock { $0 }
        let targets = subscribers.withLock { all in
            all.filter { id, _ in id != sender && (recipients?.contains(id) ?? true) && !(rule?(sender, id, message) ?? false) }
                .flatMap(\.value)
        }
        for target in targets { target.yield(ReceivedRaceMessage(sender: sender, message: message)) }
    }

    fileprivate func subscribe(_ id: RunnerID) -> AsyncStream<ReceivedRaceMessage> {
        let (stream, continuation) = AsyncStream.makeStream(of: ReceivedRaceMessage.self)
        subscribers.withLock { $0[id, default: []].append(continuation) }
        return stream
    }

    /// One runner's side of the network.
    public struct Endpoint: RaceMessagingRepository {
        let network: InMemoryMessageNetwork
        let id: RunnerID

        public func send(_ message: RaceMessage, from me: Runner, to recipients: [RunnerID]?) async {
            network.send(message, from: me.id, to: recipients)
        }

        public func messages() -> AsyncStream<ReceivedRaceMessage> {
            network.subscribe(id)
        }
    }
}
