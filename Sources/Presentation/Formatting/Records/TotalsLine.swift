import Domain

/// `records totals --json`: the lifetime totals and each month's.
struct TotalsLine: Encodable {
    /// Totals in JSON units (metres, seconds).
    struct Figures: Encodable {
        let runs: Int
        let distanceMetres: Double
        let durationSeconds: Double
        let kilocalories: Double
        let cheersReceived: Int

        init(_ totals: RunTotals) {
            runs = totals.count
            distanceMetres = (totals.distance * 100).rounded() / 100
            durationSeconds = (totals.duration * 1000).rounded() / 1000
            kilocalories = (totals.kilocalories * 10).rounded() / 10
            cheersReceived = totals.cheersReceived
        }
    }

    /// One month's figures.
    struct Month: Encodable {
        let month: String
        let totals: Figures
    }

    let lifetime: Figures
    let months: [Month]

    init(lifetime: RunTotals, monthly: [MonthTotals]) {
        self.lifetime = Figures(lifetime)
        months = monthly.map { Month(month: "\($0.month)", totals: Figures($0.totals)) }
    }
}
