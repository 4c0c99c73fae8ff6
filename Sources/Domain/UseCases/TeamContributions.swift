/// Each runner's share of a team's distance, in hundredths of a percent, adding up to exactly 10 000.
///
/// Rounding rule (largest remainder, in integers so that every peer gets the same figures): each
/// distance is taken in whole centimetres; a runner first gets the whole hundredths of its exact
/// share (rounded down); the hundredths still missing to make 10 000 go one each to the runners with
/// the largest remainders, ties to the lowest runner id. When nobody has covered anything yet, the
/// shares are equal, the missing hundredths going to the lowest ids.
public enum TeamContributions {
    /// 100 % in hundredths of a percent.
    public static let whole = 10_000
    /// Distances are capped at this many centimetres (100 000 km) so that no product overflows.
    private static let maximumCentimetres: Int64 = 10_000_000_000

    /// The shares of the given runners' distances (metres). Empty for no runners.
    public static func shares(of distances: [RunnerID: Double]) -> [RunnerID: Int] {
        let runners = distances.keys.sorted()
        guard !runners.isEmpty else { return [:] }
        let centimetres = runners.map { centimetresOf(distances[$0] ?? 0) }
        let total = centimetres.reduce(0, +)
        var shares: [Int64]
        var remainders: [Int64]
        if total == 0 {
            shares = Array(repeating: Int64(whole / runners.count), count: runners.count)
            remainders = Array(repeating: 0, count: runners.count)
        } else {
            let quotas = centimetres.map { $0 * Int64(whole) }
            shares = quotas.map { $0 / total }
            remainders = quotas.map { $0 % total }
        }
        let missing = Int64(whole) - shares.reduce(0, +)
        let byRemainder = runners.indices.sorted { a, b in
            remainders[a] != remainders[b] ? remainders[a] > remainders[b] : runners[a] < runners[b]
        }
        for index in byRemainder.prefix(Int(missing)) {
            shares[index] += 1
        }
        var result: [RunnerID: Int] = [:]
        for (index, runner) in runners.enumerated() {
            result[runner] = Int(shares[index])
        }
        return result
    }

    private static func centimetresOf(_ metres: Double) -> Int64 {
        guard metres.isFinite, metres > 0 else { return 0 }
        return min(maximumCentimetres, Int64((metres * 100).rounded()))
    }
}
