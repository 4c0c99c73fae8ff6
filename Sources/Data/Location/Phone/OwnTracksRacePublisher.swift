import Domain
import Foundation
import Logging
import Synchronization

/// Publishes the race to the broker as OwnTracks devices (`OwnTracksRaceFeed`), each message retained at
/// QoS 1 and, with a key, sealed as the apps seal theirs (`OwnTracksCipher`), until `close()` clears it all.
/// It connects on its own when made; snapshots shown before the connection is up are skipped (the next
/// one carries the same), and a broker that cannot be had is logged once, never an end to the run.
public final class OwnTracksRacePublisher: RaceShowing {
    private final class Connection: Sendable {
        let client = Mutex<MosquittoClient?>(nil)
    }

    public let spec: OwnTracksPublishSpec
    private let feed: Mutex<OwnTracksRaceFeed>
    private let connection: Connection
    private let connecting: Task<Void, Never>
    private let cipher: OwnTracksCipher?
    private let now: @Sendable () -> Date

    /// Connects to the broker in `settings`, then publishes every snapshot shown under `spec`'s prefix,
    /// sealed with `cipher` when given; `now` is the race clock (the locations' `tst`).
    public init(
        settings: BrokerSettings, spec: OwnTracksPublishSpec, cipher: OwnTracksCipher?, interval: TimeInterval = 5,
        now: @escaping @Sendable () -> Date, logger: Logger
    ) {
        self.spec = spec
        feed = Mutex(OwnTracksRaceFeed(prefix: spec.prefix, interval: interval))
        self.cipher = cipher
        self.now = now
        let connection = Connection()
        self.connection = connection
        connecting = Task {
            let id = BrokerTopics.randomID()
            do {
                let client = try await MosquittoClient.connect(settings, clientID: "materunner-owntracks-\(id)") {
                    _ in
                }
                connection.client.withLock { $0 = client }
                logger.info("owntracks: publishing the race to \(settings.url) under \(spec.prefix)/")
            } catch {
                logger.warning("owntracks: cannot publish the race to the phones: \(error)")
            }
        }
    }

    /// Our own runner's latest fix: its place goes with the next snapshot (without a course, the only
    /// place the race knows).
    public func track(_ fix: Fix) {
        feed.withLock { $0.own = (fix.coordinate, fix.horizontalAccuracy, fix.timestamp) }
    }

    /// Publishes what `snapshot` makes due (nothing before the broker connection is up).
    public func show(_ snapshot: RaceSnapshot) {
        guard let client = connection.client.withLock({ $0 }) else { return }
        let messages = feed.withLock { $0.messages(for: snapshot, at: now()) }
        for message in messages {
            let payload = cipher.map { [UInt8]($0.envelope(Data(message.payload))) } ?? message.payload
            client.publish(payload, to: message.topic, delivery: .atLeastOnce, retain: true)
        }
    }

    /// Clears what was published (an empty retained message on each topic: the broker forgets it, the apps
    /// remove the race's runners from their maps), lets it go (up to 2 s), then disconnects. Snapshots shown
    /// after this publish nothing.
    public func close() async {
        connecting.cancel()
        await connecting.value
        let taken = connection.client.withLock { client in
            let taken = client
            client = nil
            return taken
        }
        guard let client = taken else { return }
        for message in feed.withLock({ $0.clearing() }) {
            client.publish(message.payload, to: message.topic, delivery: .atLeastOnce, retain: true)
        }
        for _ in 0..<40 where client.queued > 0 {
            try? await Task.sleep(for: .milliseconds(50))
        }
        client.close()
    }
}
