import Domain
import Foundation

/// How `records` shows runs to people: the list's table, one run's details, totals. Display-ready
/// strings from Domain values, like `DisplayFormat`, so any front-end or command can show them.
public enum RecordText {
    /// The list's column titles.
    static let titles = ["ID", "DATE (UTC)", "MODE", "GOAL", "STATUS", "DISTANCE", "TIME", "RANK"]
    /// The fewest characters of an id shown in the list.
    public static let shortestID = 8

    /// The list: a header and one line per run, columns as wide as their widest cell (80 columns for
    /// everyday runs). Ids are cut to their shortest start (at least `shortestID` characters) that no other
    /// run of `among` shares, which `records show` and `export` accept.
    public static func table(_ records: [RunRecord], among: [RunRecord]) -> [String] {
        let length = uniquePrefixLength(records.map(\.id), among: among.map(\.id))
        let rows = [titles] + records.map { cells($0, idLength: length) }
        let widths = titles.indices.map { column in rows.map { $0[column].count }.max() ?? 0 }
        return rows.map { row in
            zip(row, widths).enumerated().map { column, cell in
                column == row.count - 1 ? cell.0 : cell.0.padding(toLength: cell.1, withPad: " ", startingAt: 0)
            }.joined(separator: " ")
        }
    }

    /// The list grouped by course, newest first as `records` is: the runs without a course in tables
    /// (one table, unchanged, when no run has a course), and each course and goal where its newest run
    /// falls among them, as a line naming it with its personal record and the table of its runs. A
    /// course run of today is never listed below a run of last week.
    public static func grouped(_ records: [RunRecord], among: [RunRecord]) -> [String] {
        let groups = RecordSummaries.byCourse(records)
        let loose = records.filter { $0.terms.course == nil }
        guard !groups.isEmpty else { return table(loose, among: among) }
        // The loose runs' rows, laid out once so that every piece of their table has the same columns.
        let looseTable = table(loose, among: among)
        let rowOf = Dictionary(uniqueKeysWithValues: zip(loose.map(\.id), looseTable.dropFirst()))
        let groupOf = Dictionary(groups.enumerated().flatMap { index, group in group.runs.map { ($0.id, index) } }, uniquingKeysWith: { first, _ in first })
        var lines: [String] = []
        var pending: [String] = []
        var shown = Set<Int>()
        func flush() {
            guard !pending.isEmpty else { return }
            if !lines.isEmpty { lines.append("") }
            lines += [looseTable[0]] + pending
            pending = []
        }
        for record in records.sorted(by: { $0.startedAt > $1.startedAt }) {
            if let row = rowOf[record.id] {
                pending.append(row)
            } else if let index = groupOf[record.id], shown.insert(index).inserted {
                flush()
                if !lines.isEmpty { lines.append("") }
                lines.append(courseHeading(groups[index], among: among))
                lines += table(groups[index].runs, among: among).map { "  " + $0 }
            }
        }
        flush()
        return lines
    }

    /// `course lake.gpx (1.20 km, 3 laps, digest 0011…) to 3.60 km: 2 runs, best 5:03 (run ab12cd34, 2026-11-23 07:50)`.
    static func courseHeading(_ group: CourseRecords, among: [RunRecord]) -> String {
        let course = group.course
        let laps = course.laps > 1 ? ", \(course.laps) laps" : ""
        let best = group.best.map { best in
            let length = uniquePrefixLength([best.id], among: among.map(\.id))
            return "best \(DisplayFormat.elapsed(best.duration)) (run \(best.id.prefix(length)), \(day(best.startedAt)))"
        } ?? "no finished run yet"
        return "course \(course.name) (\(DisplayFormat.distance(course.length))\(laps), digest \(course.digest)) to \(group.goal): "
            + "\(DisplayFormat.count(group.runs.count, "run")), \(best)"
    }

    /// The shortest length, at least `shortestID`, at which each of `ids` starts differently from every
    /// other id of `among`.
    static func uniquePrefixLength(_ ids: [String], among: [String]) -> Int {
        let others = Set(among + ids)
        var length = shortestID
        for id in ids {
            for other in others where other != id {
                let common = zip(id, other).prefix { $0 == $1 }.count
                length = max(length, min(common + 1, id.count))
            }
        }
        return length
    }

    /// One run's cells, in the titles' order.
    static func cells(_ record: RunRecord, idLength: Int) -> [String] {
        [
            String(record.id.prefix(idLength)), day(record.startedAt), "\(record.terms.mode)", "\(record.terms.goal)",
            record.status.rawValue + (record.isDemo ? " (demo)" : ""), DisplayFormat.distance(record.distance), DisplayFormat.elapsed(record.duration),
            record.rank.map { "\($0) of \(record.results.count)" } ?? "-",
        ]
    }

    /// Every detail of one run: figures, every runner's result, the cheers.
    public static func details(_ record: RunRecord) -> [String] {
        var lines = [
            "run \(record.id)",
            "  \(record.runnerName), \(record.terms.mode) to \(record.terms.goal), started \(day(record.startedAt)) UTC: \(record.status.rawValue)\(record.isDemo ? " (a demo: not in the totals)" : "")",
            "  \(DisplayFormat.distance(record.distance)) in \(DisplayFormat.elapsed(record.duration)), \(DisplayFormat.calories(record.kilocalories))",
        ]
        if let course = record.terms.course {
            lines.append("  course \(course.name): \(DisplayFormat.distance(course.length))\(course.laps > 1 ? " × \(course.laps) laps" : ""), digest \(course.digest)")
        }
        lines += [
            "  \(DisplayFormat.count(record.route.count, "route point")), \(DisplayFormat.count(record.samples.count, "progress sample")), "
                + "\(DisplayFormat.count(record.cheers.count, "cheer")) (\(record.cheersReceived) received)",
            "  results:",
        ]
        for result in record.results {
            let rank = result.rank == Standing.unranked ? "-" : "\(result.rank)."
            let time = DisplayFormat.elapsed(result.finishTime ?? result.elapsed)
            let mark = result.isMe ? " (you)" : result.isGhost ? " (ghost)" : ""
            lines.append("    \(rank) \(result.name)\(mark): \(DisplayFormat.distance(result.distance)) in \(time), \(result.phase)")
        }
        lines += splitLines(record)
        for cheer in record.cheers {
            lines.append("  cheer \(cheer.emoji) from \(cheer.sender) to \(cheer.recipient)")
        }
        return lines
    }

    /// Each runner's lap times (on a course with laps) and per-kilometre splits, from the progress
    /// samples the record keeps, as `Splits` makes them live: "    alice: 8:01 7:58 (0.74 km)".
    static func splitLines(_ record: RunRecord) -> [String] {
        let series = RecordSplits(record)
        var lines: [String] = []
        let laps = series.runners.filter { !$0.laps.isEmpty }
        if !laps.isEmpty {
            lines.append("  laps:")
            lines += laps.map { "    \($0.name): " + $0.laps.map { DisplayFormat.splitTime($0.duration) }.joined(separator: " ") }
        }
        let kilometres = series.runners.filter { !$0.kilometres.isEmpty }
        if !kilometres.isEmpty {
            lines.append("  splits per km:")
            lines += kilometres.map { runner in
                let times = runner.kilometres.map { split in
                    DisplayFormat.splitTime(split.duration)
                        + (split.distance.truncatingRemainder(dividingBy: 1000) == 0 ? "" : " (\(DisplayFormat.distance(split.distance - Double(split.number - 1) * 1000)))")
                }
                return "    \(runner.name): " + times.joined(separator: " ")
            }
        }
        return lines
    }

    /// Totals on one line, after a label (`lifetime`, or a month).
    public static func totals(_ label: String, _ totals: RunTotals) -> String {
        "\(label.padding(toLength: 9, withPad: " ", startingAt: 0)) \(DisplayFormat.count(totals.count, "run")), \(DisplayFormat.distance(totals.distance)), "
            + "\(DisplayFormat.elapsed(totals.duration)), \(DisplayFormat.calories(totals.kilocalories)), \(DisplayFormat.count(totals.cheersReceived, "cheer")) received, "
            + DisplayFormat.count(totals.wins, "win")
    }

    /// `2026-11-22 01:02` (UTC).
    public static func day(_ date: Date) -> String {
        String(date.formatted(.iso8601).prefix(16)).replacingOccurrences(of: "T", with: " ")
    }
}
