import Foundation

/// Sums over a set of runs: how many, how far, how long, how many kilocalories, how many cheers received.
public struct RunTotals: Sendable, Hashable {
    /// Number of runs.
    public var count: Int
    /// Metres, summed.
    public var distance: Double
    /// Seconds, summed.
    public var duration: TimeInterval
    /// Kilocalories, summed.
    public var kilocalories: Double
    /// Cheers our runner received, summed.
    public var cheersReceived: Int
    /// Races won (`RunRecord.isWin`: first among the runners who ran; ghosts count for nothing).
    public var wins: Int

    /// Totals; zero by default.
    public init(
        count: Int = 0, distance: Double = 0, duration: TimeInterval = 0, kilocalories: Double = 0, cheersReceived: Int = 0,
        wins: Int = 0
    ) {
        self.count = count
        self.distance = distance
        self.duration = duration
        self.kilocalories = kilocalories
        self.cheersReceived = cheersReceived
        self.wins = wins
    }

    /// These totals with one more run added.
    public func adding(_ record: RunRecord) -> RunTotals {
        RunTotals(
            count: count + 1, distance: distance + record.distance, duration: duration + record.duration,
            kilocalories: kilocalories + record.kilocalories, cheersReceived: cheersReceived + record.cheersReceived,
            wins: wins + (record.isWin ? 1 : 0)
        )
    }
}
