import Domain
import Foundation
import Synchronization

/// The race as OwnTracks friends (booklet, "HTTP": a 200 reply may carry `card` and `location`
/// objects, which the app shows on its map): one card per mate, named with rank and distance
/// (`bob · 2nd · 1.24 km`), and on a course a location at the mate's place on it (without a course
/// the race knows no mate's position: a card alone). Made again at most every `interval` seconds.
final class PhoneFriends: Sendable {
    private let interval: TimeInterval
    private let last = Mutex<Date?>(nil)

    init(interval: TimeInterval = 2) {
        self.interval = interval
    }

    /// The JSON array for `snapshot` at race time `now`, or nil when the last one is recent enough.
    func json(for snapshot: RaceSnapshot, at now: Date) -> Data? {
        let due = last.withLock { last -> Bool in
            if let previous = last, now.timeIntervalSince(previous) < interval, now >= previous,
                !snapshot.standings.isComplete
            {
                return false
            }
            last = now
            return true
        }
        guard due else { return nil }
        return Self.objects(for: snapshot, at: now)
    }

    /// The objects, every mate (not us, not ghosts) with a card, and a location where known.
    static func objects(for snapshot: RaceSnapshot, at now: Date) -> Data {
        var objects: [[String: Any]] = []
        for standing in snapshot.standings.standings where standing.runner.id != snapshot.me && !standing.runner.isGhost
        {
            let topic = "owntracks/materunner/\(standing.runner.id)"
            let tid = trackerID(standing.runner.name)
            objects.append(["_type": "card", "tid": tid, "name": cardName(standing), "topic": topic])
            if let place = snapshot.places[standing.runner.id] {
                objects.append([
                    "_type": "location", "tid": tid, "topic": topic, "lat": place.coordinate.latitude,
                    "lon": place.coordinate.longitude,
                    "tst": Int(now.timeIntervalSince1970), "t": "p",
                ])
            }
        }
        return (try? JSONSerialization.data(withJSONObject: objects, options: [.sortedKeys])) ?? Data("[]".utf8)
    }

    /// `bob · 2nd · 1.24 km`, `bob · finished 1st · 5.00 km`, `bob · lost`.
    static func cardName(_ standing: Standing) -> String {
        let distance = String(format: "%.2f km", standing.distance / 1000)
        let rank = standing.isRanked ? ordinal(standing.rank) : nil
        let state: String =
            switch standing.phase {
            case .finished: "finished" + (rank.map { " \($0)" } ?? "")
            case .cancelled: "cancelled"
            default: standing.isLost ? "lost" : (rank ?? "–")
            }
        return "\(standing.runner.name) · \(state) · \(distance)"
    }

    /// Two letters or digits of `name` for the map's marker (`Bo` for bob), `??` when it has none.
    static func trackerID(_ name: String) -> String {
        let letters = name.filter { $0.isLetter || $0.isNumber }
        return letters.isEmpty ? "??" : String(letters.prefix(2)).uppercased()
    }

    static func ordinal(_ rank: Int) -> String {
        let suffix =
            switch (rank % 10, rank % 100) {
            case (_, 11...13): "th"
            case (1, _): "st"
            case (2, _): "nd"
            case (3, _): "rd"
            default: "th"
            }
        return "\(rank)\(suffix)"
    }
}
