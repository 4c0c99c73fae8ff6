import Domain
import Synchronization

/// One process's place in a group on the broker (docs/BROKER.md): one MQTT connection, a random id of
/// 16 hex digits for this process, the group's topics and key. Messages are routed by topic: to the
/// transport (`to/<id>` and the race's topic) and to presence (`presence/+`). The last will clears our
/// presence when the broker loses us.
public final class BrokerSession: Sendable {
    /// Where the client hands messages, before and after the session exists.
    private final class Router: Sendable {
        let routes = Mutex<[String: @Sendable (BrokerMessage) -> Void]>([:])
        let presence = Mutex<(@Sendable (BrokerMessage) -> Void)?>(nil)

        func route(_ message: BrokerMessage, topics: BrokerTopics) {
            if topics.isPresence(message.topic) {
                presence.withLock { $0 }?(message)
                return
            }
            routes.withLock { $0[message.topic] }?(message)
        }
    }

    let client: MosquittoClient
    let topics: BrokerTopics
    /// This process's id (16 hex digits) and its bytes.
    let id: String
    let idBytes: [UInt8]
    let groupKey: BrokerSealKey
    /// The group's name as given.
    public let group: String
    private let router: Router
    /// Envelopes sealed so far (each one's nonce counter).
    private let sealed = Mutex<UInt32>(0)

    private init(client: MosquittoClient, topics: BrokerTopics, id: String, group: String, router: Router) {
        self.client = client
        self.topics = topics
        self.id = id
        idBytes = BrokerPeer.bytes(of: id)
        self.group = group
        groupKey = BrokerSealKey(group: group)
        self.router = router
    }

    /// Connects to the broker in `settings` for `group`, our presence cleared by the last will.
    public static func connect(_ settings: BrokerSettings, group: String) async throws(BrokerError) -> BrokerSession {
        let id = BrokerTopics.randomID()
        let topics = BrokerTopics(group: group)
        let router = Router()
        let client = try await MosquittoClient.connect(
            settings, clientID: "materunner-\(id)", will: BrokerWill(topic: topics.presence(of: id), payload: [], retained: true)
        ) { message in router.route(message, topics: topics) }
        let session = BrokerSession(client: client, topics: topics, id: id, group: group, router: router)
        return session
    }

    /// Our address as the sync knows it (`broker-<id>`).
    public var address: PeerAddress { BrokerPeer.address(of: id) }

    /// Hands every message on `topic` to `handler` (subscribed at least once).
    func route(_ topic: String, delivery: BrokerDelivery = .atLeastOnce, to handler: @escaping @Sendable (BrokerMessage) -> Void) {
        router.routes.withLock { $0[topic] = handler }
        client.subscribe(topic, delivery: delivery)
    }

    /// Stops handing messages on `topic` (and unsubscribes).
    func unroute(_ topic: String) {
        router.routes.withLock { $0[topic] = nil }
        client.unsubscribe(topic)
    }

    /// Hands every presence message to `handler`.
    func routePresence(to handler: @escaping @Sendable (BrokerMessage) -> Void) {
        router.presence.withLock { $0 = handler }
        client.subscribe(topics.everyPresence, delivery: .atLeastOnce)
    }

    /// `payload` (of `form`) in an envelope under `key` for `topic`, with the next nonce; nil once
    /// 2³² − 1 were sealed.
    func seal(
        _ payload: ArraySlice<UInt8>, form: BrokerEnvelope.Form = [], key: BrokerSealKey, topic: String
    ) -> [UInt8]? {
        let counter = sealed.withLock { sealed -> UInt32? in
            guard sealed < UInt32.max else { return nil }
            sealed += 1
            return sealed
        }
        guard let counter else { return nil }
        return BrokerEnvelope.seal(payload, form: form, key: key, sender: idBytes, counter: counter, topic: topic)
    }

    /// Counters of the connection.
    public var statistics: BrokerStatistics { client.statistics }

    /// Clears our presence and disconnects.
    public func close() {
        client.publish([], to: topics.presence(of: id), delivery: .atLeastOnce, retain: true)
        client.close()
    }
}
