/// How big the progress updates sent were: count, mean and largest, full and delta.
public struct UpdateSizes: Sendable, Equatable {
    /// Updates sent (one per peer per progress).
    public private(set) var count = 0
    /// Of which deltas.
    public private(set) var deltas = 0
    /// Their bytes, UDP payload with the tag.
    public private(set) var bytes = 0
    /// The largest.
    public private(set) var maximum = 0

    /// None yet.
    public init() {}

    /// The mean size in bytes (0 before any).
    public var mean: Double { count == 0 ? 0 : Double(bytes) / Double(count) }

    mutating func record(bytes size: Int, delta: Bool) {
        count += 1
        deltas += delta ? 1 : 0
        bytes += size
        maximum = max(maximum, size)
    }
}
