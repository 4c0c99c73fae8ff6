import SyncWire

/// Datagrams counted by the message type their header names (`MessageType(encoded:)`), and those that
/// name none (`nil`, shown as `other`). The counters are kept by the type's value, one slot per raw
/// value (1 … 15; slot 0 for none): counting a send hashes nothing and makes no string. The names
/// (`MessageType.name`) are made only when the counts are read by name, for the end-of-run summary.
public struct MessageTypeCounts: Sendable, Equatable {
    /// The name of the datagrams that name no message type.
    public static let otherName = "other"

    private var counts = [Int](repeating: 0, count: 16)

    /// Nothing counted.
    public init() {}

    /// How many of `type` (nil: naming none) were counted.
    public subscript(type: MessageType?) -> Int {
        counts[Self.slot(type)]
    }

    /// Counts one datagram of `type`.
    mutating func count(_ type: MessageType?) {
        counts[Self.slot(type)] += 1
    }

    /// Whether nothing was counted.
    public var isEmpty: Bool { counts.allSatisfy { $0 == 0 } }

    /// The counts by name (`MessageType.name`, `other` for none), the types never counted left out.
    public var byName: [String: Int] {
        var named: [String: Int] = [:]
        for (slot, count) in counts.enumerated() where count > 0 {
            named[MessageType(rawValue: UInt8(slot))?.name ?? Self.otherName] = count
        }
        return named
    }

    /// The slot of `type`: its raw value (4 bits in the header, never 0), or 0 for none.
    private static func slot(_ type: MessageType?) -> Int {
        Int(type?.rawValue ?? 0)
    }
}
