import Domain
import Foundation
import NIOConcurrencyHelpers
import NIOCore
import SyncWire

/// Where the handler hands the messages that are not progress (`RaceMessage`), and where it notes the
/// address each runner was last heard from, so that messages can be sent to a runner by id.
final class MessageHub: Sendable {
    private let subscribers = NIOLockedValueBox<[UUID: AsyncStream<ReceivedRaceMessage>.Continuation]>([:])
    private let addresses = NIOLockedValueBox<[RunnerID: SocketAddress]>([:])
    private let clock: any RaceClock
    /// The most runners whose address is kept.
    let capacity: Int

    init(clock: any RaceClock, capacity: Int) {
        self.clock = clock
        self.capacity = capacity
    }

    var now: Date { clock.now }

    /// A new stream of every message from now on.
    func subscribe() -> AsyncStream<ReceivedRaceMessage> {
        let (stream, continuation) = AsyncStream.makeStream(of: ReceivedRaceMessage.self, bufferingPolicy: .bufferingNewest(256))
        let id = UUID()
        subscribers.withLockedValue { $0[id] = continuation }
        continuation.onTermination = { [subscribers] _ in subscribers.withLockedValue { $0[id] = nil } }
        return stream
    }

    /// A checked datagram from `source`: its sender's address is noted, and a lobby message or cheer
    /// goes to every subscriber.
    func received(_ datagram: SyncDatagram, from source: SocketAddress, learnPeer: (SocketAddress) -> Void) {
        note(datagram.sender, at: source)
        // A start names every runner's address: runners who only knew the host now know each other.
        if case .outcome(_, .start(_, let runners)) = datagram.message {
            for runner in runners {
                guard let host = runner.host, let peer = try? SocketAddress(ipAddress: host, port: Int(runner.port)) else { continue }
                if self.address(of: runner.id) == nil { note(runner.id, at: peer) }
                learnPeer(peer)
            }
        }
        guard let message = RaceMessageWire.decode(datagram.message, from: datagram.sender, at: clock.now) else { return }
        let received = ReceivedRaceMessage(sender: datagram.sender, message: message)
        for continuation in subscribers.withLockedValue({ Array($0.values) }) { continuation.yield(received) }
    }

    private func note(_ runner: RunnerID, at address: SocketAddress) {
        addresses.withLockedValue { known in
            if known[runner] != nil || known.count < capacity { known[runner] = address }
        }
    }

    /// Where `runner` was last heard from, as a start outcome names it.
    func startingRunner(_ runner: RunnerID) -> StartingRunner? {
        guard let address = address(of: runner), let host = address.ipAddress, let ipv4 = StartingRunner.ipv4(host),
              let port = address.port, let wirePort = UInt16(exactly: port)
        else { return nil }
        return StartingRunner(id: runner, ipv4: ipv4, port: wirePort)
    }

    /// Where `runner` was last heard from.
    func address(of runner: RunnerID) -> SocketAddress? {
        addresses.withLockedValue { $0[runner] }
    }

    /// Ends every stream (the socket closed).
    func finish() {
        for continuation in subscribers.withLockedValue({ Array($0.values) }) { continuation.finish() }
    }
}
