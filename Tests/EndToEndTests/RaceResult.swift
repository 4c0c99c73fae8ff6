import Foundation

/// The `result` line of a JSON stream, reduced to what every peer must agree on.
struct RaceResult: Equatable, CustomStringConvertible {
    struct Entry: Equatable {
        let name: String
        let rank: Int
        let distanceMetres: Double
        let finishSeconds: Double?
        let state: String
    }

    let winner: String?
    let entries: [Entry]

    init(winner: String?, entries: [Entry]) {
        self.winner = winner
        self.entries = entries
    }

    init(lines: [[String: Any]]) throws {
        // The result is the last frame of the run; a mate's cheer may still be shown after it.
        guard let result = lines.last(where: { $0["type"] as? String == "result" }) else {
            throw MissingResult(lastType: lines.last?["type"] as? String)
        }
        winner = (result["winner"] as? [String: Any])?["name"] as? String
        entries = ((result["runners"] as? [[String: Any]]) ?? []).map { runner in
            Entry(
                name: runner["name"] as? String ?? "?",
                rank: runner["rank"] as? Int ?? 0,
                distanceMetres: runner["distance_m"] as? Double ?? -1,
                finishSeconds: runner["finish_s"] as? Double,
                state: runner["state"] as? String ?? "?"
            )
        }
    }

    /// How far two runs' finish times of one runner may be apart, in race seconds, and still agree: a
    /// thousandth, the frames' precision. A made-up runner starts at the race's start and its fixes are
    /// stamped on their schedule, so two runs of the same seeds finish at the same instant however busy
    /// the machine (the same to the millisecond beside the whole shared pass; 1 s was allowed before, when
    /// a run's late ask for positions moved its runner's start).
    static let finishTolerance = 0.001

    /// The same winner, and each runner in the same place, state and distance, finished within
    /// `finishTolerance` of the other's finish: two runs of the same seeds agree.
    func agrees(with other: RaceResult) -> Bool {
        guard winner == other.winner, entries.count == other.entries.count else { return false }
        return zip(entries, other.entries).allSatisfy { mine, theirs in
            let finishes = switch (mine.finishSeconds, theirs.finishSeconds) {
            case (nil, nil): true
            case let (mine?, theirs?): abs(mine - theirs) <= Self.finishTolerance
            default: false
            }
            return mine.name == theirs.name && mine.rank == theirs.rank && mine.state == theirs.state
                && mine.distanceMetres == theirs.distanceMetres && finishes
        }
    }

    var description: String {
        "winner \(winner ?? "none"): " + entries.map { "\($0.rank). \($0.name) \($0.distanceMetres) m \($0.finishSeconds.map { "\($0) s" } ?? "-")" }
            .joined(separator: ", ")
    }
}

struct MissingResult: Error, CustomStringConvertible {
    let lastType: String?
    var description: String { "the JSON stream does not end with a result line (last line type: \(lastType ?? "none"))" }
}
