/// What a position source did with its input: how many fixes it produced and how many inputs it
/// skipped, by reason.
public struct SourceStatistics: Sendable, Equatable {
    /// Fixes handed on.
    public var fixes = 0
    /// Inputs skipped, by reason.
    public var skipped: [PositionSkip: Int] = [:]

    /// Empty statistics.
    public init() {}

    /// Counts one skip.
    public mutating func skip(_ reason: PositionSkip) {
        skipped[reason, default: 0] += 1
    }

    /// All skips together.
    public var skippedTotal: Int { skipped.values.reduce(0, +) }

    /// One line for logs, e.g. `187 fixes, skipped: bad-checksum 2, no-fix 37`.
    public var summary: String {
        let parts = skipped.keys.sorted { $0.rawValue < $1.rawValue }.map { "\($0) \(skipped[$0] ?? 0)" }
        return "\(fixes) fixes" + (parts.isEmpty ? "" : ", skipped: " + parts.joined(separator: ", "))
    }
}
