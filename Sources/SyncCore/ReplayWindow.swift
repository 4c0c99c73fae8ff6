/// The datagram numbers accepted from one sender: the highest, and which of the 63 below it arrived
/// (a sliding bitmap, as in IPsec's anti-replay window). A number seen before or below the window is a
/// replay.
public struct ReplayWindow: Sendable {
    /// How many numbers, the highest included, the window remembers.
    public static let size: UInt32 = 64

    private var highest: UInt32 = 0
    private var seen: UInt64 = 0

    /// A window that has seen nothing.
    public init() {}

    /// Records `sequence` and returns true if it is new and inside the window; false for a replay.
    public mutating func accept(_ sequence: UInt32) -> Bool {
        if sequence > highest {
            let shift = sequence - highest
            seen = shift >= Self.size ? 1 : seen << UInt64(shift) | 1
            highest = sequence
            return true
        }
        let age = highest - sequence
        guard age < Self.size else { return false }
        let bit: UInt64 = 1 << UInt64(age)
        guard seen & bit == 0 else { return false }
        seen |= bit
        return true
    }

    /// Whether `sequence` was accepted already (within the window): a duplicate rather than an old replay.
    public func hasSeen(_ sequence: UInt32) -> Bool {
        guard sequence <= highest, highest - sequence < Self.size else { return false }
        return seen & (1 << UInt64(highest - sequence)) != 0
    }
}
