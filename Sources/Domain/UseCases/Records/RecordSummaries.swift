import Foundation

/// Pure summaries of recorded runs: listing order, month filter, lifetime and per-month totals. Every
/// run counts, whatever its status (the metres of a stopped or interrupted run were run too), except a
/// demo's: nobody ran it.
public enum RecordSummaries {
    /// Newest first (by start time, then id so that equal times keep one order).
    public static func newestFirst(_ records: [RunRecord]) -> [RunRecord] {
        records.sorted { ($0.startedAt, $0.id) > ($1.startedAt, $1.id) }
    }

    /// The runs that started in `month` (UTC), newest first.
    public static func records(_ records: [RunRecord], in month: RecordMonth) -> [RunRecord] {
        newestFirst(records.filter { $0.month == month })
    }

    /// Totals over every run but the demos'.
    public static func lifetime(_ records: [RunRecord]) -> RunTotals {
        records.filter { !$0.isDemo }.reduce(RunTotals()) { $0.adding($1) }
    }

    /// Totals per month, newest month first; months without runs are left out.
    public static func monthly(_ records: [RunRecord]) -> [MonthTotals] {
        let grouped = Dictionary(grouping: records.filter { !$0.isDemo }, by: \.month)
        return grouped
            .map { MonthTotals(month: $0.key, totals: lifetime($0.value)) }
            .sorted { $0.month > $1.month }
    }

    /// The runs on a course, grouped by course (digest and laps) and goal, each group newest first; the
    /// groups ordered by their newest run, newest first. Runs without a course are left out.
    public static func byCourse(_ records: [RunRecord]) -> [CourseRecords] {
        var groups: [String: CourseRecords] = [:]
        for record in newestFirst(records) {
            guard let course = record.terms.course else { continue }
            let key = "\(course.digest)/\(course.laps)/\(record.terms.goal.centimetres)"
            groups[key, default: CourseRecords(course: course, goal: record.terms.goal, runs: [])].runs.append(record)
        }
        return groups.values.sorted {
            guard let a = $0.runs.first, let b = $1.runs.first else { return false }
            return (a.startedAt, a.id) > (b.startedAt, b.id)
        }
    }
}
