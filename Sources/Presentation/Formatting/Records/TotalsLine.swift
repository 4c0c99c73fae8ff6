import Domain

/// `records totals --json`: the lifetime totals and each month's.
public struct TotalsLine: Encodable, Sendable {
    /// Totals in JSON units (metres, seconds).
    public struct Figures: Encodable, Sendable {
        /// How many runs.
        public let runs: Int
        /// Metres, to a centimetre.
        public let distanceMetres: Double
        /// Seconds, to a millisecond.
        public let durationSeconds: Double
        /// Kilocalories, to a tenth.
        public let kilocalories: Double
        /// Cheers received.
        public let cheersReceived: Int

        enum CodingKeys: String, CodingKey {
            case runs
            case distanceMetres = "distance_m", durationSeconds = "duration_s", kilocalories = "calories_kcal"
            case cheersReceived = "cheers_received"
        }

        /// The figures of `totals`.
        public init(_ totals: RunTotals) {
            runs = totals.count
            distanceMetres = (totals.distance * 100).rounded() / 100
            durationSeconds = (totals.duration * 1000).rounded() / 1000
            kilocalories = (totals.kilocalories * 10).rounded() / 10
            cheersReceived = totals.cheersReceived
        }
    }

    /// One month's figures.
    public struct Month: Encodable, Sendable {
        /// `YYYY-MM`.
        public let month: String
        /// That month's figures.
        public let totals: Figures
    }

    /// Every run's figures.
    public let lifetime: Figures
    /// Each month's, newest first.
    public let months: [Month]

    /// The line of the lifetime totals and each month's.
    public init(lifetime: RunTotals, monthly: [MonthTotals]) {
        self.lifetime = Figures(lifetime)
        months = monthly.map { Month(month: "\($0.month)", totals: Figures($0.totals)) }
    }
}
