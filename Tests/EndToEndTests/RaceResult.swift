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

    var description: String {
        "winner \(winner ?? "none"): " + entries.map { "\($0.rank). \($0.name) \($0.distanceMetres) m \($0.finishSeconds.map { "\($0) s" } ?? "-")" }
            .joined(separator: ", ")
    }
}

struct MissingResult: Error, CustomStringConvertible {
    let lastType: String?
    var description: String { "the JSON stream does not end with a result line (last line type: \(lastType ?? "none"))" }
}
