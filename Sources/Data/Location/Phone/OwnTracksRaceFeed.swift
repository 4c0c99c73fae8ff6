import Domain
import Foundation

/// The race as OwnTracks devices on a broker (`--owntracks-publish PREFIX`), so that the apps subscribed
/// to it show every runner as a friend (booklet, "JSON": cards on `…/info`, locations on the device's
/// topic). Every runner but ghosts is the device `PREFIX/<runner id>`: a `card` retained on
/// `PREFIX/<id>/info`, its `name` with rank and distance (`bob · 2nd · 1.24 km`); a `location` retained
/// on `PREFIX/<id>` where the race knows the runner's place: on a course every runner's, and always our
/// own runner's latest fix (`own`; without a course the race knows mates' distances, not places).
/// A card goes again at once when the runner's rank or state
/// changes, else when its distance did, at most every `interval` seconds; a location at most every
/// `interval` seconds once it moved. Pure: time comes in, the messages to publish go out.
public struct OwnTracksRaceFeed: Sendable {
    /// The topic levels before each runner's id.
    public let prefix: String
    /// The shortest time between two cards of a runner whose rank did not change, and two locations.
    public let interval: TimeInterval
    private var cards: [RunnerID: (name: String, state: String, at: Date)] = [:]
    private var locations: [RunnerID: (place: String, at: Date)] = [:]
    /// Our own runner's latest fix: where it is, and how sure (metres), at its race time.
    public var own: (coordinate: Coordinate, accuracy: Double?, at: Date)?

    public init(prefix: String, interval: TimeInterval = 5) {
        self.prefix = prefix
        self.interval = interval
    }

    /// The device topic of `runner`: `PREFIX/<id>` (its card goes on `…/info`).
    public func topic(of runner: RunnerID) -> String { "\(prefix)/\(runner)" }

    /// The messages `snapshot` makes due at race time `now` (plaintext JSON, all retained), and remembers
    /// them as sent.
    public mutating func messages(for snapshot: RaceSnapshot, at now: Date) -> [BrokerMessage] {
        var messages: [BrokerMessage] = []
        for standing in snapshot.standings.standings where !standing.runner.isGhost {
            let id = standing.runner.id
            let tid = PhoneFriends.trackerID(standing.runner.name)
            let name = PhoneFriends.cardName(standing)
            let state = "\(standing.phase) \(standing.isRanked ? standing.rank : 0) \(standing.isLost)"
            let card = cards[id].map { (changed: $0.name != name, stateChanged: $0.state != state, at: $0.at) }
            if Self.due(last: card, now: now, interval: interval) {
                cards[id] = (name, state, now)
                messages.append(
                    Self.message(["_type": "card", "name": name, "tid": tid], topic: topic(of: id) + "/info"))
            }
            let mine = id == snapshot.me ? own : nil
            guard let coordinate = snapshot.places[id]?.coordinate ?? mine?.coordinate else { continue }
            let accuracy = snapshot.places[id] == nil ? mine?.accuracy : nil
            let key = String(format: "%.6f,%.6f", coordinate.latitude, coordinate.longitude)
            let location = locations[id].map { (changed: $0.place != key, stateChanged: false, at: $0.at) }
            if Self.due(last: location, now: now, interval: interval) {
                locations[id] = (key, now)
                var location: [String: Any] = [
                    "_type": "location", "lat": coordinate.latitude, "lon": coordinate.longitude,
                    "tst": Int(now.timeIntervalSince1970.rounded(.down)), "tid": tid, "t": "p",
                ]
                if let accuracy, accuracy.isFinite, accuracy >= 0 { location["acc"] = Int(accuracy.rounded()) }
                messages.append(Self.message(location, topic: topic(of: id)))
            }
        }
        return messages
    }

    /// An empty retained message on every topic published so far (each runner's card and location), to
    /// send when the run ends: the broker then forgets them, and an app that gets one removes that friend
    /// from its map (the booklet's way to clear a device). Forgets them here too.
    public mutating func clearing() -> [BrokerMessage] {
        let topics = locations.keys.map { topic(of: $0) } + cards.keys.map { topic(of: $0) + "/info" }
        (cards, locations) = ([:], [:])
        return topics.sorted().map { BrokerMessage(topic: $0, payload: [], retained: true) }
    }

    /// Whether a message is due: never sent; its state changed; or it changed and `interval` has passed
    /// (or the clock went back).
    private static func due(last: (changed: Bool, stateChanged: Bool, at: Date)?, now: Date, interval: TimeInterval)
        -> Bool
    {
        guard let last else { return true }
        if last.stateChanged { return true }
        let elapsed = now.timeIntervalSince(last.at)
        return last.changed && (elapsed >= interval || elapsed < 0)
    }

    private static func message(_ object: [String: Any], topic: String) -> BrokerMessage {
        let json = (try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys])) ?? Data()
        return BrokerMessage(topic: topic, payload: [UInt8](json), retained: true)
    }
}

/// `--owntracks-publish PREFIX[:encrypted]`: where the race goes on the broker as OwnTracks devices, and
/// whether sealed with the phones' key. PREFIX is 1 to 4 topic levels without wildcards; two
/// (`owntracks/NAME`) is what the apps' default subscription (`owntracks/+/+`) shows.
public struct OwnTracksPublishSpec: Sendable, Equatable {
    public var prefix: String
    public var encrypted: Bool

    public init(prefix: String = "owntracks/materunner", encrypted: Bool = false) {
        self.prefix = prefix
        self.encrypted = encrypted
    }

    /// The spec `text` writes, or nil: an empty level, a wildcard, more than 4 levels.
    public init?(parsing text: String) {
        var prefix = Substring(text)
        var encrypted = false
        if prefix.hasSuffix(":encrypted") {
            encrypted = true
            prefix = prefix.dropLast(":encrypted".count)
        }
        let levels = prefix.split(separator: "/", omittingEmptySubsequences: false)
        guard (1...4).contains(levels.count), levels.allSatisfy(PhoneSourceSpec.isTopicLevel) else { return nil }
        self.init(prefix: String(prefix), encrypted: encrypted)
    }
}
