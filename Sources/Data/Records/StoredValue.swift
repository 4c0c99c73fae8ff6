// MARK: Ranges

/// The ranges the record store accepts when it reads numbers back (docs/RECORDS.md, "Damaged values"):
/// wide enough for any real run, narrow enough that every later conversion (to whole seconds or
/// centimetres, to a calendar date, to JSON) is safe.
enum StoredValue {
    /// Metres: up to 100 000 km.
    static let metres: ClosedRange<Double> = 0...1e8
    /// Seconds of running: up to about 3 years.
    static let seconds: ClosedRange<Double> = 0...1e8
    /// Kilocalories.
    static let kilocalories: ClosedRange<Double> = 0...1e8
    /// Unix seconds: 1970 to the end of year 9999.
    static let unixTime: ClosedRange<Double> = 0...253_402_300_799
    /// Degrees of latitude.
    static let latitude: ClosedRange<Double> = -90...90
    /// Degrees of longitude.
    static let longitude: ClosedRange<Double> = -180...180
    /// Laps of a course.
    static let laps: ClosedRange<Double> = 1...100
    /// One lap of a course, in centimetres (20 m … 1000 km).
    static let lapCentimetres: ClosedRange<Double> = 2_000...100_000_000
    /// Ranks (0 is unranked).
    static let rank: ClosedRange<Double> = 0...1_000_000

    // MARK: Checking

    /// A number read back from the record store that no run can have: not finite, negative, or beyond
    /// what any run reaches (the file was edited, damaged, or written by a broken build). The store refuses
    /// the run with `RecordStoreError.invalidValue` rather than hand it on to code that would trap on it.
    struct Invalid: Error, Equatable {
        /// `table.column`, e.g. `result.elapsed`.
        var column: String
        /// The value as read.
        var value: Double
        /// The range a value of that column must be in.
        var expected: ClosedRange<Double>
    }

    /// `value` when it is finite and within `range`; otherwise a `StoredValue.Invalid` naming `column`.
    static func check(_ value: Double, _ range: ClosedRange<Double>, _ column: String) throws(StoredValue.Invalid) -> Double {
        guard value.isFinite, range.contains(value) else {
            throw StoredValue.Invalid(column: column, value: value, expected: range)
        }
        return value
    }

    /// `check` for an integer column.
    static func check(_ value: Int, _ range: ClosedRange<Double>, _ column: String) throws(StoredValue.Invalid) -> Int {
        _ = try check(Double(value), range, column)
        return value
    }
}
