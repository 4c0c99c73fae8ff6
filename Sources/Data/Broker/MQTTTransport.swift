import Domain
import Synchronization
import SyncCore
import SyncWire

/// The sync over an MQTT broker, a `DatagramTransport` (docs/PROTOCOL.md, "Through a broker"): a
/// datagram to one address (`broker-<id>`) is published on that peer's topic, one to the race's group on
/// the race's topic, which every runner of the race in the group subscribes to, as the LAN's multicast
/// group. Every datagram crosses the broker sealed (`BrokerEnvelope`): under the race key's broker key
/// once the race has a key, under the group's key before (the lobby of an invited race, an open race).
/// A datagram goes to a peer under the key that peer last spoke (so a spectator or an invitee not yet in
/// the race can read it), answers under the key of what they answer. What cannot be opened is dropped and
/// counted; what can goes to the core, whose authenticated wire refuses a replay, a duplicate or a forgery.
/// In its envelope a datagram goes without its magic and version, and under the race's broker key without
/// its race-key tag, which the receiver puts back (`BrokerDatagram`).
package final class MQTTTransport: DatagramTransport, SummarizedTransport {
    private struct State {
        var joined: (address: PeerAddress, topic: String)?
        /// The key each peer (by id) last sealed with.
        var spoken: [String: BrokerSealKey] = [:]
        var closeHandlers: [@Sendable () -> Void] = []
        var closed = false
        /// The race key and the broker key derived from it, to derive it once.
        var race: RaceSeal?
        /// Each peer's topic (by id), made once: every unicast datagram needs one.
        var inboxes: [String: String] = [:]
    }

    /// The race key and its broker key.
    private struct RaceSeal {
        let raceKey: RaceKey
        let key: BrokerSealKey
    }

    /// The most peers' topics kept (beyond it they are made again).
    private static let inboxLimit = 256

    let session: BrokerSession
    private let inbox: DatagramInbox
    private let state = Mutex(State())
    private let unopened = Atomic<Int>(0)
    package let localAddress: PeerAddress

    /// A transport on `session`, handing what it reads to `inbox`.
    package init(session: BrokerSession, inbox: DatagramInbox) {
        self.session = session
        self.inbox = inbox
        localAddress = session.address
        let receive = inbox.receive
        session.route(session.topics.inbox(of: session.id)) { [weak self] message in self?.received(message, deliver: receive) }
    }

    /// Envelopes dropped because no key held opens them (another race, a forgery, a changed byte).
    package var unopenedCount: Int { unopened.load(ordering: .relaxed) }

    /// The summary's line about the broker.
    package var summary: String {
        let statistics = session.statistics
        return "broker: connected \(statistics.connections) time(s), lost the connection \(statistics.losses) time(s); published \(statistics.published), received \(statistics.received), dropped \(statistics.dropped) (queue full or disconnected), \(unopenedCount) not opened (no key held)"
    }

    /// The race's topic carries both ways on one connection: a mate that publishes there hears it.
    package var groupCarriesBothWays: Bool { true }

    // MARK: Keys

    /// The race key and its broker key, if the race has a key (derived once per race key).
    private var raceSeal: RaceSeal? {
        guard let raceKey = inbox.raceKey() else { return nil }
        if let known = state.withLock({ $0.race }), known.raceKey.publicID == raceKey.publicID { return known }
        let seal = RaceSeal(raceKey: raceKey, key: BrokerSealKey(raceKey: raceKey))
        state.withLock { $0.race = seal }
        return seal
    }

    /// The key to seal with for `peer`: the race's, unless the peer last spoke the group's.
    private func key(for peer: String, race: RaceSeal?) -> BrokerSealKey {
        guard let race else { return session.groupKey }
        let spoken = state.withLock { $0.spoken[peer] }
        return spoken == session.groupKey ? session.groupKey : race.key
    }

    /// `peer`'s own topic.
    private func inboxTopic(of peer: String) -> String {
        if let topic = state.withLock({ $0.inboxes[peer] }) { return topic }
        let topic = session.topics.inbox(of: peer)
        state.withLock { state in
            if state.inboxes.count >= Self.inboxLimit { state.inboxes = [:] }
            state.inboxes[peer] = topic
        }
        return topic
    }

    // MARK: Receiving

    private func received(_ message: BrokerMessage, deliver: DatagramReceiver) {
        let race = raceSeal
        var keys = [session.groupKey]
        if let race { keys.insert(race.key, at: 0) }
        guard let opened = BrokerEnvelope.open(message.payload, keys: keys, topic: message.topic) else {
            unopened.add(1, ordering: .relaxed)
            return
        }
        let sender = Hex.lowercase(opened.sender)
        // Our own publish on the race's topic, back from the broker.
        guard sender != session.id else { return }
        // The race key's tag is put back only for what its broker key sealed.
        let underRace = race.map { opened.key == $0.key } ?? false
        let raceKey = underRace ? race?.raceKey : nil
        guard let datagram = BrokerDatagram.restore(opened.payload, form: opened.form, raceKey: raceKey) else {
            unopened.add(1, ordering: .relaxed)
            return
        }
        state.withLock { state in
            if state.spoken[sender] != opened.key { state.spoken[sender] = opened.key }
        }
        let answers = deliver(datagram, BrokerPeer.address(of: sender))
        guard !answers.isEmpty else { return }
        let topic = inboxTopic(of: sender)
        for answer in answers { publish(answer, topic: topic, key: opened.key, race: race) }
    }

    // MARK: Sending

    /// `datagram` sealed under `key` on `topic`, without what the envelope makes redundant
    /// (`BrokerDatagram`): its race-key tag only when `key` is the race's broker key.
    @discardableResult
    private func publish(_ datagram: [UInt8], topic: String, key: BrokerSealKey, race: RaceSeal?) -> Bool {
        let underRace = race.map { key == $0.key } ?? false
        let (payload, form) = BrokerDatagram.compact(datagram, raceKey: underRace ? race?.raceKey : nil)
        guard let envelope = session.seal(payload, form: form, key: key, topic: topic) else { return false }
        return session.client.publish(envelope, to: topic, delivery: .of(datagram: datagram))
    }

    /// Sends `answers` to `peer` (a broker address) at once, each under the key for that peer.
    func publish(_ answers: [[UInt8]], to peer: PeerAddress) {
        guard let id = BrokerPeer.id(of: peer) else { return }
        let race = raceSeal
        let key = key(for: id, race: race)
        let topic = inboxTopic(of: id)
        for answer in answers { publish(answer, topic: topic, key: key, race: race) }
    }

    package func send(_ datagrams: [(bytes: [UInt8], address: PeerAddress)]) async -> [Bool] {
        let joined = state.withLock { $0.joined }
        let race = raceSeal
        return datagrams.map { datagram in
            if let joined, datagram.address == joined.address {
                return publish(datagram.bytes, topic: joined.topic, key: race?.key ?? session.groupKey, race: race)
            }
            guard let peer = BrokerPeer.id(of: datagram.address) else { return false }
            return publish(datagram.bytes, topic: inboxTopic(of: peer), key: key(for: peer, race: race), race: race)
        }
    }

    package func resolve(_ peer: PeerAddress) throws -> PeerAddress {
        guard BrokerPeer.id(of: peer) != nil else {
            throw SyncError.cannotResolvePeer(peer, reason: "not a mate on the broker; with --broker, mates are found by --group")
        }
        return peer
    }

    // MARK: The race's group

    package var joinedGroup: (address: PeerAddress, route: String)? {
        state.withLock { $0.joined.map { ($0.address, "broker") } }
    }

    /// `broker` once a mate on the broker is known.
    package func groupRoute(for peers: [PeerAddress]) -> String? {
        peers.contains { BrokerPeer.id(of: $0) != nil } ? "broker" : nil
    }

    package func join(_ group: PeerAddress, route: String, receive: @escaping DatagramReceiver) async throws {
        await leaveGroup()
        let topic = session.topics.race(group)
        state.withLock { $0.joined = (group, topic) }
        session.route(topic) { [weak self] message in self?.received(message, deliver: receive) }
    }

    package func leaveGroup() async {
        guard let joined = state.withLock({ state -> (address: PeerAddress, topic: String)? in
            defer { state.joined = nil }
            return state.joined
        }) else { return }
        session.unroute(joined.topic)
    }

    // MARK: Closing

    package func onClose(_ body: @escaping @Sendable () -> Void) {
        let closed = state.withLock { state -> Bool in
            if !state.closed { state.closeHandlers.append(body) }
            return state.closed
        }
        if closed { body() }
    }

    /// Leaves the group, clears the presence and disconnects from the broker.
    package func close() async {
        await leaveGroup()
        let handlers = state.withLock { state -> [@Sendable () -> Void] in
            guard !state.closed else { return [] }
            state.closed = true
            defer { state.closeHandlers = [] }
            return state.closeHandlers
        }
        session.unroute(session.topics.inbox(of: session.id))
        session.close()
        for handler in handlers { handler() }
    }
}
