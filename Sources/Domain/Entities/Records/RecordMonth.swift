import Foundation

/// A calendar month in UTC, as `records --month YYYY-MM` and the monthly totals name it.
public struct RecordMonth: Sendable, Hashable, Comparable, CustomStringConvertible {
    /// The year, such as 2026.
    public var year: Int
    /// 1...12.
    public var month: Int

    /// A month; no validation (use `init(parsing:)` for input).
    public init(year: Int, month: Int) {
        self.year = year
        self.month = month
    }

    /// The UTC month an instant falls in.
    public init(containing date: Date) {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC") ?? calendar.timeZone
        let parts = calendar.dateComponents([.year, .month], from: date)
        self.init(year: parts.year ?? 1970, month: parts.month ?? 1)
    }

    /// Parses `YYYY-MM`, such as `2026-11`.
    public init(parsing text: String) throws(RecordMonthError) {
        let parts = text.split(separator: "-", omittingEmptySubsequences: false)
        guard parts.count == 2, parts[0].count == 4, parts[1].count == 2,
              let year = Int(parts[0]), let month = Int(parts[1]), (1...12).contains(month)
        else { throw RecordMonthError(text: text) }
        self.init(year: year, month: month)
    }

    /// `YYYY-MM`.
    public var description: String {
        let padded = month < 10 ? "0\(month)" : "\(month)"
        return "\(year)-\(padded)"
    }

    /// Earlier months first.
    public static func < (lhs: RecordMonth, rhs: RecordMonth) -> Bool {
        (lhs.year, lhs.month) < (rhs.year, rhs.month)
    }
}
