import Domain
import Synchronization
import SyncWire

/// Mates found through the broker, as DNS-SD finds them on a LAN (docs/BROKER.md): each runner keeps one
/// retained message on `presence/<id>` (its advertisement, sealed with the group's key), which its last
/// will (or its leaving) clears; a mate appears when its presence arrives and disappears when it is
/// cleared. Published again after every reconnection (a restarted broker keeps nothing).
public final class BrokerMateDiscovery: MateDiscoveryRepository {
    private struct State {
        var advertised: MateAdvertisement?
        var known: Set<String> = []
        var hooked = false
    }

    private let session: BrokerSession
    private let state = Mutex(State())

    public init(session: BrokerSession) {
        self.session = session
    }

    /// The instance name a runner has on the broker: its session's id.
    public var instanceName: String { session.id }

    @discardableResult
    public func advertise(_ me: Runner, port: Int, terms: RaceTerms?) throws -> String {
        // The same keys as DNS-SD's TXT record (protocol version, id, name, the terms when given).
        let advertisement = DNSSDDiscoveryRepository.advertisement(for: me, terms: terms)
        let hook = state.withLock { state -> Bool in
            state.advertised = advertisement
            defer { state.hooked = true }
            return !state.hooked
        }
        if hook { session.client.onConnected { [weak self] in self?.publish() } }
        publish()
        return session.id
    }

    public func announce(_ mateState: MateState, raceID: String?) throws {
        let changed = state.withLock { state -> Bool in
            guard var advertisement = state.advertised else { return false }
            advertisement.state = MateAdvertisement.State(rawValue: mateState.rawValue) ?? .free
            advertisement.raceID = mateState == .running ? raceID : nil
            state.advertised = advertisement
            return true
        }
        guard changed else { throw BrokerError.client("nothing advertised to update") }
        publish()
    }

    /// Our presence, retained, sealed with the group's key.
    private func publish() {
        guard let advertisement = state.withLock({ $0.advertised }) else { return }
        let topic = session.topics.presence(of: session.id)
        let text = advertisement.txt.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }.joined(separator: "\n")
        guard let sealed = session.seal(Array(text.utf8)[...], key: session.groupKey, topic: topic) else { return }
        session.client.publish(sealed, to: topic, delivery: .atLeastOnce, retain: true)
    }

    public func mates() throws -> AsyncStream<MateEvent> {
        let (stream, continuation) = AsyncStream.makeStream(of: MateEvent.self, bufferingPolicy: .bufferingNewest(256))
        session.routePresence { [weak self] message in
            guard let self, let event = self.event(for: message) else { return }
            continuation.yield(event)
        }
        return stream
    }

    /// What a presence message says: a mate found, changed, or gone; nil when it is not one (a sealed
    /// message that does not open with the group's key, a topic not ours).
    func event(for message: BrokerMessage) -> MateEvent? {
        guard let id = session.topics.id(in: message.topic, kind: "p") else { return nil }
        guard !message.payload.isEmpty else {
            let known = state.withLock { $0.known.remove(id) != nil }
            return known ? .lost(instance: id) : nil
        }
        guard let opened = BrokerEnvelope.open(message.payload, keys: [session.groupKey], topic: message.topic),
              opened.form.isEmpty, Hex.lowercase(opened.sender) == id,
              let text = String(validating: opened.payload, as: UTF8.self)
        else { return nil }
        var txt: [String: String] = [:]
        for line in text.split(separator: "\n") {
            guard let equals = line.firstIndex(of: "=") else { continue }
            txt[String(line[..<equals])] = String(line[line.index(after: equals)...])
        }
        let mate = DiscoveredMate(instanceName: id, hostName: "broker", address: BrokerPeer.hostPrefix + id, port: BrokerPeer.port, txt: txt)
        let new = state.withLock { $0.known.insert(id).inserted }
        return new ? .found(mate.toDomain()) : .updated(mate.toDomain())
    }

    /// Clears our presence (the session stays for the transport).
    public func stop() {
        let advertised = state.withLock { state -> Bool in
            defer { state.advertised = nil }
            return state.advertised != nil
        }
        if advertised { session.client.publish([], to: session.topics.presence(of: session.id), delivery: .atLeastOnce, retain: true) }
    }
}
