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

    public var description: String {
        let digits = String(rawValue, radix: 16)
        return String(repeating: "0", count: 16 - digits.count) + digits
    }

    public static func < (lhs: RunnerID, rhs: RunnerID) -> Bool {
        lhs.rawValue < rhs.rawValue
    }
}
