/// A runner's identity for one run: random, 64 bits, shown as 16 hex digits.
public struct RunnerID: Sendable, Hashable, Comparable, Codable, CustomStringConvertible {
    public var rawValue: UInt64

    public init(rawValue: UInt64) {
        self.rawValue = rawValue
    }

    /// A fresh random identity.
    public static func random() -> RunnerID {
        var generator = SystemRandomNumberGenerator()
        return RunnerID(rawValue: generator.next())
    }

    /// Parses 1 to 16 hex digits.
    public init?(hex: String) {
        guard (1...16).contains(hex.count), let value = UInt64(hex, radix: 16) else { return nil }
        rawValue = value
    }

    /// 16 lowercase hex digits, leading zeros kept (every row of a status frame and every sample of a
    /// record has one: written directly rather than padded after `String(_:radix:)`).
    public var description: String {
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 16) { digits in
            for index in 0..<16 {
                let nibble = UInt8(truncatingIfNeeded: rawValue >> UInt64(60 - 4 * index)) & 0xF
                digits[index] = nibble < 10 ? UInt8(ascii: "0") + nibble : UInt8(ascii: "a") + nibble - 10
            }
            return String(decoding: digits, as: UTF8.self)
        }
    }

    public static func < (lhs: RunnerID, rhs: RunnerID) -> Bool {
        lhs.rawValue < rhs.rawValue
    }
}

extension RunnerID {
    /// The id of the ghost that `announcer` announces (`Ghost`): derived, so that every peer names it
    /// the same and a ghost is bound to the runner that announced it (docs/PROTOCOL.md, "ghost chunk").
    /// The XOR with a fixed odd constant never gives the announcer's own id, nor 0 for an id other
    /// than the constant itself (which gives 1 instead).
    public static func ghost(of announcer: RunnerID) -> RunnerID {
        let derived = announcer.rawValue ^ 0x9E37_79B9_7F4A_7C15
        return RunnerID(rawValue: derived == 0 ? 1 : derived)
    }
}
