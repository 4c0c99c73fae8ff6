/// Percentiles of latency samples, in nanoseconds.
struct LatencySummary {
    let count: Int
    private let sorted: [UInt64]

    init(_ samples: [UInt64]) {
        sorted = samples.sorted()
        count = samples.count
    }

    /// The nearest-rank percentile, in milliseconds (0 without samples).
    func milliseconds(percentile: Double) -> Double {
        guard !sorted.isEmpty else { return 0 }
        let rank = Int((percentile / 100 * Double(sorted.count)).rounded(.up))
        return Double(sorted[min(max(rank, 1), sorted.count) - 1]) / 1e6
    }

    var maximumMilliseconds: Double { Double(sorted.last ?? 0) / 1e6 }
}
