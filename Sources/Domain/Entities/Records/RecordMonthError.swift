/// A month that is not `YYYY-MM`.
public struct RecordMonthError: Error, Equatable, CustomStringConvertible {
    /// What was given.
    public let text: String

    /// The error for `text`.
    public init(text: String) {
        self.text = text
    }

    /// What happened and what to do.
    public var description: String { "'\(text)' is not a month: give it as YYYY-MM, such as 2026-11" }
}
