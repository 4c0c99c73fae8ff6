/// Why the world clock cannot show a time.
public enum WorldClockError: Error, Equatable, CustomStringConvertible {
    /// The clock's reading is not an ISO-8601 UTC time.
    case malformedTime(String)
    /// A day was moved before the clock was read once.
    case notReadYet

    public var description: String {
        switch self {
        case .malformedTime(let text):
            "the race clock gave '\(text)', which is not an ISO-8601 UTC time such as 2027-01-15T08:00:00.000Z; "
                + "this is a bug in the clock repository, please report it"
        case .notReadYet:
            "the world clock has not read the race clock yet: ask for now first"
        }
    }
}
