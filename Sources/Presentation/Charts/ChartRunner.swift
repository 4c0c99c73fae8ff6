import Domain
import Foundation

/// One runner as the progress chart draws it: its samples from the start, and its result.
struct ChartRunner: Sendable {
    /// The runner's name.
    let name: String
    /// (elapsed, distance) from (0, 0), oldest first.
    let points: [ProgressSample]
    /// Its line of the record's results, if any.
    let result: RunnerResult?
    /// Whether this is the record's own runner.
    let isMe: Bool
    /// Whether ranks are shown (not in a team run, which names no winner).
    let showsRank: Bool

    /// The record's runners in result order (ranked first, then the others by name), each with a
    /// starting point at (0, 0) and its final result as the last point when that lies beyond the samples.
    static func runners(of record: RunRecord) -> [ChartRunner] {
        let grouped = Dictionary(grouping: record.samples, by: \.runnerID)
        var ids = record.results.map(\.runnerID)
        ids += grouped.keys.filter { !ids.contains($0) }.sorted()
        return ids.map { id in
            let result = record.results.first { $0.runnerID == id }
            let samples = (grouped[id] ?? []).sorted { $0.elapsed < $1.elapsed }
            let name = result?.name ?? samples.first?.runnerName ?? id
            var points = [ProgressSample(runnerName: name, elapsed: 0, distance: 0, runnerID: id)]
            points += samples
            if let result, let last = points.last, result.elapsed > last.elapsed {
                points.append(ProgressSample(runnerName: name, elapsed: result.elapsed, distance: result.distance, runnerID: id))
            }
            return ChartRunner(
                name: name, points: points, result: result, isMe: result?.isMe ?? (name == record.runnerName),
                showsRank: record.terms.mode != .team
            )
        }
    }

    /// "1st 01:32" at the finish mark.
    var finishLabel: String {
        guard let result, let finish = result.finishTime else { return "" }
        return showsRank && result.rank > 0 ? "#\(result.rank) \(DisplayFormat.elapsed(finish))" : DisplayFormat.elapsed(finish)
    }

    /// The legend's second line: rank, distance and time, or what happened.
    var summary: String {
        guard let result else { return "no result" }
        let figures = "\(DisplayFormat.distance(result.distance)) in \(DisplayFormat.elapsed(result.finishTime ?? result.elapsed))"
        switch result.phase {
        case .finished: return showsRank && result.rank > 0 ? "#\(result.rank), \(figures)" : figures
        case .cancelled: return "cancelled, \(figures)"
        case .waiting, .running: return "did not finish, \(figures)"
        }
    }
}
