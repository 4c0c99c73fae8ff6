/// Datagrams a peer refused as a sign of forgery (a runner's id from another address, a runner off the
/// race, a forged clock or invitation), counted since the run started, for one runner they claimed to be
/// about and one address they came from: what the running screen tells its person during the race.
public struct RefusedDatagrams: Sendable, Hashable {
    /// Who the refused datagrams claimed to be from or about.
    public enum Subject: Sendable, Hashable, Comparable {
        /// Our own runner.
        case you
        /// A runner this peer knows, by name.
        case runner(String)
        /// Runner ids this peer never admitted (fresh ids, a runner off an invited race's roster).
        case unknown
    }

    /// The runner the datagrams claimed.
    public var subject: Subject
    /// The host they came from (an address, or `SyncStatistics.otherSources` beyond the bound).
    public var source: String
    /// How many of them, by the reason each was refused (`address-mismatch`, `runner-limit`, …).
    public var reasons: [String: Int]

    /// Refused datagrams about `subject` from `source`.
    public init(subject: Subject, source: String, reasons: [String: Int]) {
        self.subject = subject
        self.source = source
        self.reasons = reasons
    }

    /// All of them, every reason together.
    public var count: Int { reasons.values.reduce(0, +) }
}
