/// One month's totals.
public struct MonthTotals: Sendable, Hashable {
    /// The month.
    public var month: RecordMonth
    /// Its runs' totals.
    public var totals: RunTotals

    /// A month's totals.
    public init(month: RecordMonth, totals: RunTotals) {
        self.month = month
        self.totals = totals
    }
}
