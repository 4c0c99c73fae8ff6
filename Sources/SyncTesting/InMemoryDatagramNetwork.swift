import Domain
import Synchronization
import SyncCore

/// A network of `DatagramTransport`s in memory, for the sync without a socket: every endpoint has an
/// address (`10.9.0.N:47474`), a datagram sent to an endpoint's address reaches its inbox, one sent to
/// a group every endpoint that joined it (the sender too, as multicast loops back), and the answers a
/// receiver returns go back to the source. Delivery is in order and at once: the task that sends
/// delivers everything queued, answers to answers included, before `send` returns, unless another task
/// is already delivering (then that one does). Nothing is lost unless the test says so (`drops`).
package final class InMemoryDatagramNetwork: Sendable {
    private struct Pending {
        var bytes: [UInt8]
        var source: PeerAddress
        var destination: PeerAddress
    }

    private struct State {
        var inboxes: [PeerAddress: DatagramInbox] = [:]
        var groups: [PeerAddress: [PeerAddress: DatagramReceiver]] = [:]
        var closed: Set<PeerAddress> = []
        var queue: [Pending] = []
        var delivering = false
        var delivered = 0
        var nextHost = 1
    }

    private let state = Mutex(State())
    /// Whether a datagram from the first address to the second is lost (none by default).
    private let drops: @Sendable (PeerAddress, PeerAddress) -> Bool

    package init(drops: @escaping @Sendable (_ source: PeerAddress, _ destination: PeerAddress) -> Bool = { _, _ in false }) {
        self.drops = drops
    }

    /// Datagrams handed to an inbox so far (answers included).
    package var delivered: Int { state.withLock { $0.delivered } }

    /// A new endpoint whose reads go to `inbox`.
    package func endpoint(_ inbox: DatagramInbox) -> Endpoint {
        let address = state.withLock { state -> PeerAddress in
            defer { state.nextHost += 1 }
            let address = PeerAddress(host: "10.9.0.\(state.nextHost)", port: 47474)
            state.inboxes[address] = inbox
            return address
        }
        return Endpoint(network: self, localAddress: address)
    }

    fileprivate func enqueue(_ datagrams: [(bytes: [UInt8], address: PeerAddress)], from source: PeerAddress) -> [Bool] {
        let sent = state.withLock { state -> [Bool] in
            guard !state.closed.contains(source) else { return datagrams.map { _ in false } }
            return datagrams.map { datagram in
                let known = state.inboxes[datagram.address] != nil || state.groups[datagram.address] != nil
                if known { state.queue.append(Pending(bytes: datagram.bytes, source: source, destination: datagram.address)) }
                return known
            }
        }
        deliverQueued()
        return sent
    }

    /// Delivers what is queued, in order, unless another task is at it.
    private func deliverQueued() {
        guard state.withLock({ state -> Bool in
            if state.delivering { return false }
            state.delivering = true
            return true
        }) else { return }
        while true {
            let next = state.withLock { state -> (Pending, [(DatagramReceiver, PeerAddress)])? in
                guard !state.queue.isEmpty else {
                    state.delivering = false
                    return nil
                }
                let pending = state.queue.removeFirst()
                if let members = state.groups[pending.destination] {
                    // Each member reads the group's datagram; its answers go back one-to-one from it.
                    return (pending, members.filter { !state.closed.contains($0.key) }.map { ($0.value, $0.key) })
                }
                guard let inbox = state.inboxes[pending.destination], !state.closed.contains(pending.destination) else { return (pending, []) }
                return (pending, [(inbox.receive, pending.destination)])
            }
            guard let (pending, receivers) = next else { return }
            for (receive, member) in receivers where !drops(pending.source, member) {
                let answers = receive(pending.bytes, pending.source)
                state.withLock { state in
                    state.delivered += 1
                    for answer in answers { state.queue.append(Pending(bytes: answer, source: member, destination: pending.source)) }
                }
            }
        }
    }

    fileprivate func join(_ group: PeerAddress, member: PeerAddress, receive: @escaping DatagramReceiver) {
        state.withLock { state in
            for key in state.groups.keys { state.groups[key]?[member] = nil }
            state.groups[group, default: [:]][member] = receive
        }
    }

    fileprivate func leave(member: PeerAddress) {
        state.withLock { state in
            for key in state.groups.keys { state.groups[key]?[member] = nil }
        }
    }

    fileprivate func joinedGroup(of member: PeerAddress) -> PeerAddress? {
        state.withLock { state in state.groups.first { $0.value[member] != nil }?.key }
    }

    fileprivate func close(_ member: PeerAddress) {
        state.withLock { state in
            state.closed.insert(member)
            for key in state.groups.keys { state.groups[key]?[member] = nil }
        }
    }

    fileprivate func isClosed(_ member: PeerAddress) -> Bool {
        state.withLock { $0.closed.contains(member) }
    }

    /// One endpoint of the network: a `DatagramTransport` with no socket. Its group route is `memory`
    /// whenever a mate is known.
    package final class Endpoint: DatagramTransport {
        private let network: InMemoryDatagramNetwork
        package let localAddress: PeerAddress
        private let closeHandlers = Mutex<[@Sendable () -> Void]>([])

        fileprivate init(network: InMemoryDatagramNetwork, localAddress: PeerAddress) {
            self.network = network
            self.localAddress = localAddress
        }

        package func send(_ datagrams: [(bytes: [UInt8], address: PeerAddress)]) async -> [Bool] {
            network.enqueue(datagrams, from: localAddress)
        }

        package func resolve(_ peer: PeerAddress) throws -> PeerAddress { peer }

        package var joinedGroup: (address: PeerAddress, route: String)? {
            network.joinedGroup(of: localAddress).map { ($0, "memory") }
        }

        package func groupRoute(for peers: [PeerAddress]) -> String? {
            peers.isEmpty ? nil : "memory"
        }

        package func join(_ group: PeerAddress, route: String, receive: @escaping DatagramReceiver) async throws {
            network.join(group, member: localAddress, receive: receive)
        }

        package func leaveGroup() async {
            network.leave(member: localAddress)
        }

        package func onClose(_ body: @escaping @Sendable () -> Void) {
            let closed = network.isClosed(localAddress)
            if closed { body() } else { closeHandlers.withLock { $0.append(body) } }
        }

        package func close() async {
            network.close(localAddress)
            for handler in closeHandlers.withLock({ handlers -> [@Sendable () -> Void] in
                defer { handlers = [] }
                return handlers
            }) { handler() }
        }
    }
}
