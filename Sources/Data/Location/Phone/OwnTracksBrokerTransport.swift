import Foundation

/// OwnTracks in MQTT mode (`--source owntracks:USER/DEVICE`): a connection of its own to the broker of
/// `--broker` (the same URL, user, password file and CA as a race through it), subscribed at QoS 1, as the
/// app publishes, to the phone's topic and nothing else. Each message goes to `PhoneIngest.brokerMessage`:
/// the same decoding, key, timeline and noise filter as a POST's.
public final class OwnTracksBrokerTransport: PhoneTransport {
    private let client: MosquittoClient
    /// `owntracks/USER/DEVICE`.
    public let topic: String

    private init(client: MosquittoClient, topic: String) {
        self.client = client
        self.topic = topic
    }

    /// Connects to the broker in `settings` and subscribes to the topic of `ingest`'s spec; `now` is the
    /// race clock. Throws the connection's `BrokerError` (not there: 69; a refused password: 77).
    public static func connect(
        _ settings: BrokerSettings, ingest: PhoneIngest, now: @escaping @Sendable () -> Date
    ) async throws(BrokerError) -> OwnTracksBrokerTransport {
        guard let topic = ingest.spec.topic else {
            throw .client("an owntracks: source names the phone's USER/DEVICE")
        }
        let id = BrokerTopics.randomID()
        let client = try await MosquittoClient.connect(settings, clientID: "materunner-phone-\(id)") { message in
            guard message.topic == topic else { return }
            ingest.brokerMessage(
                message.payload, retained: message.retained, topic: topic, at: now(), monotonic: ingest.monotonicNow)
        }
        client.subscribe(topic, delivery: .atLeastOnce)
        return OwnTracksBrokerTransport(client: client, topic: topic)
    }

    /// Disconnects.
    public func close() async {
        client.close()
    }
}
