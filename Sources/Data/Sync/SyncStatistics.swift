/// What the sync repository has sent, received and dropped; every drop is counted by reason.
public struct SyncStatistics: Sendable, Equatable {
    public var datagramsSent = 0
    public var bytesSent = 0
    public var datagramsReceived = 0
    public var sendFailures = 0
    /// Dropped datagrams by `DatagramError.reason`.
    public var dropped: [String: Int] = [:]

    public init() {}

    /// All dropped datagrams.
    public var droppedTotal: Int { dropped.values.reduce(0, +) }
}
