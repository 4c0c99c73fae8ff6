import Domain
import NIOCore
import NIOPosix
import SyncCore
import SyncWire
import Synchronization

/// A race through a broker with the LAN as a shortcut (`--broker-lan IFACE`, docs/BROKER.md): a
/// `DatagramTransport` over the broker's (`MQTTTransport`) and a UDP socket on one LAN interface. The
/// broker carries everything, as without the LAN: every mate is known at its broker address, every
/// datagram to one mate goes through the broker only. A datagram to the race's group also goes to the
/// race's multicast group on the LAN (TTL 1), so mates beside us hear it at LAN speed; mates elsewhere
/// hear the broker's copy. What arrives both ways reaches the sync once (`LANShortcutMerge`), as coming
/// from the broker address it knows, and its answers go back through the broker.
package final class LANShortcutTransport: DatagramTransport, SummarizedTransport {
    let broker: MQTTTransport
    private let lan: UDPTransport
    private let device: NIONetworkDevice
    private let merge = Mutex(LANShortcutMerge())
    private let lanProblem = Mutex<String?>(nil)
    private let lanSent = Atomic<Int>(0)

    private init(broker: MQTTTransport, lan: UDPTransport, device: NIONetworkDevice) {
        self.broker = broker
        self.lan = lan
        self.device = device
    }

    /// The broker's transport on `session` and a UDP socket for the LAN interface named `interface`
    /// (IPv4, multicast, not a loopback), handing what they read to `inbox`.
    package static func open(
        session: BrokerSession, interface: String, inbox: DatagramInbox
    ) async throws -> LANShortcutTransport {
        let devices = ((try? System.enumerateDevices()) ?? []).filter { $0.address?.protocol == .inet }
        guard let device = devices.first(where: { $0.name == interface }) else {
            let known = Set(devices.map(\.name)).sorted().joined(separator: ", ")
            throw BrokerError.badLANInterface(interface, reason: "no IPv4 interface has that name (these do: \(known))")
        }
        let first = device.address?.ipAddress.flatMap(MulticastInterface.ipv4).map { $0 >> 24 }
        guard device.multicastSupported, first != 127 else {
            throw BrokerError.badLANInterface(interface, reason: "a loopback, or without multicast: it reaches no mate")
        }
        // Nothing is sent to this socket's own address: what it reads outside the group is dropped.
        let lan = try await UDPTransport.bind(
            host: "0.0.0.0", port: 0, maximumLength: SyncDatagramCodec.maximumLength,
            receive: { _, _ in [] }, failed: inbox.failed
        )
        return LANShortcutTransport(broker: MQTTTransport(session: session, inbox: inbox), lan: lan, device: device)
    }

    /// The summary's line: the broker's, and what the LAN did.
    package var summary: String {
        let merge = self.merge.withLock { $0 }
        let problem = lanProblem.withLock { $0 }.map { "; the LAN's group was not joined: \($0)" } ?? ""
        let sent = lanSent.load(ordering: .relaxed)
        return broker.summary + "; LAN shortcut on \(device.name): sent \(sent) to its group, "
            + "\(merge.deliveredFirstFromLAN) first from the LAN, \(merge.duplicates) second copies dropped, "
            + "\(merge.links.count) LAN address(es) linked to a mate's broker address\(problem)"
    }

    // MARK: DatagramTransport

    package var localAddress: PeerAddress { broker.localAddress }

    package func send(_ datagrams: [(bytes: [UInt8], address: PeerAddress)]) async -> [Bool] {
        let sent = await broker.send(datagrams)
        // Only once the LAN's group is joined: its socket then sends to the group out of that interface.
        if let group = broker.joinedGroup?.address, lan.joinedGroup?.address == group {
            let toGroup = datagrams.filter { $0.address == group }
            if !toGroup.isEmpty {
                let went = await lan.send(toGroup)
                lanSent.add(went.filter { $0 }.count, ordering: .relaxed)
            }
        }
        return sent
    }

    package func resolve(_ peer: PeerAddress) throws -> PeerAddress { try broker.resolve(peer) }

    package var joinedGroup: (address: PeerAddress, route: String)? {
        broker.joinedGroup.map { ($0.address, "broker+\(device.name)") }
    }

    package func groupRoute(for peers: [PeerAddress]) -> String? {
        broker.groupRoute(for: peers).map { _ in "broker+\(device.name)" }
    }

    /// Joins the race's topic on the broker and its multicast group on the LAN; a LAN that cannot join
    /// leaves the race on the broker alone (said in the summary).
    package func join(_ group: PeerAddress, route: String, receive: @escaping DatagramReceiver) async throws {
        try await broker.join(group, route: "broker") { [weak self] bytes, sender in
            let verdict = self?.merge.withLock { $0.fromBroker(Self.digest(bytes), sender: sender) }
            guard case .deliver(let from) = verdict else { return [] }
            return receive(bytes, from)
        }
        let broker = self.broker
        do {
            try await lan.join(group, on: device) { [weak self] bytes, source in
                let verdict = self?.merge.withLock { $0.fromLAN(Self.digest(bytes), source: source) }
                guard case .deliver(let from) = verdict else { return [] }
                let answers = receive(bytes, from)
                broker.publish(answers, to: from)
                return []
            }
            lanProblem.withLock { $0 = nil }
        } catch {
            lanProblem.withLock { $0 = "\(error)" }
        }
    }

    package func leaveGroup() async {
        await lan.leaveGroup()
        await broker.leaveGroup()
    }

    package func onClose(_ body: @escaping @Sendable () -> Void) { broker.onClose(body) }

    package func close() async {
        await lan.close()
        await broker.close()
    }

    /// A digest of `bytes` under this process's random seed (Swift's `Hasher`): a stranger cannot make
    /// two datagrams meet.
    static func digest(_ bytes: [UInt8]) -> Int {
        var hasher = Hasher()
        hasher.combine(bytes.count)
        bytes.withUnsafeBytes { hasher.combine(bytes: $0) }
        return hasher.finalize()
    }
}
