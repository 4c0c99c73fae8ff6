import Domain
import Foundation

/// How `records` shows runs to people: the list's table, one run's details, totals. Display-ready
/// strings from Domain values, like `DisplayFormat`, so any front-end or command can show them.
public enum RecordText {
    /// The list's header line.
    public static let header = "ID                                    DATE (UTC)        MODE   GOAL      STATUS       DISTANCE  TIME      RANK"

    /// One run on one line, in the header's columns.
    public static func line(_ record: RunRecord) -> String {
        [
            record.id.padding(toLength: 36, withPad: " ", startingAt: 0),
            day(record.startedAt),
            "\(record.terms.mode)".padding(toLength: 6, withPad: " ", startingAt: 0),
            "\(record.terms.goal)".padding(toLength: 9, withPad: " ", startingAt: 0),
            record.status.rawValue.padding(toLength: 12, withPad: " ", startingAt: 0),
            DisplayFormat.distance(record.distance).padding(toLength: 9, withPad: " ", startingAt: 0),
            DisplayFormat.elapsed(record.duration).padding(toLength: 9, withPad: " ", startingAt: 0),
            record.rank.map { "\($0) of \(record.results.count)" } ?? "-",
        ].joined(separator: " ")
    }

    /// Every detail of one run: figures, every runner's result, the cheers.
    public static func details(_ record: RunRecord) -> [String] {
        var lines = [
            "run \(record.id)",
            "  \(record.runnerName), \(record.terms.mode) to \(record.terms.goal), started \(day(record.startedAt)) UTC: \(record.status.rawValue)",
            "  \(DisplayFormat.distance(record.distance)) in \(DisplayFormat.elapsed(record.duration)), \(DisplayFormat.calories(record.kilocalories))",
            "  \(DisplayFormat.count(record.route.count, "route point")), \(DisplayFormat.count(record.samples.count, "progress sample")), "
                + "\(DisplayFormat.count(record.cheers.count, "cheer")) (\(record.cheersReceived) received)",
            "  results:",
        ]
        for result in record.results {
            let rank = result.rank == Standing.unranked ? "-" : "\(result.rank)."
            let time = DisplayFormat.elapsed(result.finishTime ?? result.elapsed)
            lines.append("    \(rank) \(result.name)\(result.isMe ? " (you)" : ""): \(DisplayFormat.distance(result.distance)) in \(time), \(result.phase)")
        }
        for cheer in record.cheers {
            lines.append("  cheer \(cheer.emoji) from \(cheer.sender) to \(cheer.recipient)")
        }
        return lines
    }

    /// Totals on one line, after a label (`lifetime`, or a month).
    public static func totals(_ label: String, _ totals: RunTotals) -> String {
        "\(label.padding(toLength: 9, withPad: " ", startingAt: 0)) \(DisplayFormat.count(totals.count, "run")), \(DisplayFormat.distance(totals.distance)), "
            + "\(DisplayFormat.elapsed(totals.duration)), \(DisplayFormat.calories(totals.kilocalories)), \(DisplayFormat.count(totals.cheersReceived, "cheer")) received"
    }

    /// `2026-11-22 01:02` (UTC).
    public static func day(_ date: Date) -> String {
        String(date.formatted(.iso8601).prefix(16)).replacingOccurrences(of: "T", with: " ")
    }
}
