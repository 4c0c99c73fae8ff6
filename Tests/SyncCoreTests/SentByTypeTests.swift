@testable import SyncCore
import Domain
import Foundation
import SyncTesting
import SyncWire
import Testing

/// What the transport sent, counted by message type: counters kept by the type's value, names made
/// only when read (`SyncStatistics.sentByType`) or printed (`sentByTypeLine`).
@Suite("Sent datagrams counted by message type")
struct SentByTypeTests {
    /// A datagram's bytes whose header names `type` (magic, version, type in the high nibble of byte 3).
    static func datagram(_ type: MessageType, length: Int = 24) -> [UInt8] {
        var bytes = [UInt8](repeating: 0, count: max(length, DatagramHeader.length))
        bytes[0] = DatagramHeader.magic[0]
        bytes[1] = DatagramHeader.magic[1]
        bytes[3] = type.rawValue << 4
        return bytes
    }

    @Test("each type is counted under its own value, bytes naming none under nil; names only when read")
    func countsByValue() {
        var counts = MessageTypeCounts()
        #expect(counts.isEmpty && counts.byName.isEmpty)
        for type in MessageType.allCases { counts.count(type) }
        counts.count(.progress)
        counts.count(nil)
        #expect(!counts.isEmpty)
        for type in MessageType.allCases { #expect(counts[type] == (type == .progress ? 2 : 1), "\(type)") }
        #expect(counts[nil] == 1)
        var expected = Dictionary(uniqueKeysWithValues: MessageType.allCases.map { ($0.name, $0 == .progress ? 2 : 1) })
        expected["other"] = 1
        #expect(counts.byName == expected)
    }

    @Test("a sent datagram is counted by the type its header names, its bytes too; the group's share apart; short or foreign bytes are other")
    func countSent() {
        var statistics = SyncStatistics()
        statistics.countSent(Self.datagram(.hello, length: 40), toGroup: true)
        statistics.countSent(Self.datagram(.hello), toGroup: false)
        statistics.countSent(Self.datagram(.clockPong, length: 48), toGroup: false)
        statistics.countSent([0x00, 0x01, 0x02], toGroup: false)
        var foreign = Self.datagram(.progress)
        foreign[0] ^= 0xFF
        statistics.countSent(foreign, toGroup: true)
        #expect(statistics.datagramsSent == 5)
        #expect(statistics.bytesSent == 40 + 24 + 48 + 3 + 24)
        #expect(statistics.sentByMessageType[.hello] == 2 && statistics.sentByMessageType[.clockPong] == 1)
        #expect(statistics.sentByMessageType[nil] == 2 && statistics.sentByMessageType[.progress] == 0)
        #expect(statistics.sentByType == ["hello": 2, "clock-pong": 1, "other": 2])
        #expect(statistics.groupSentByType == ["hello": 1, "other": 1])
    }

    @Test("the summary line: most sent first, equal counts by name, the group's share after each; none without a send")
    func summaryLine() {
        var statistics = SyncStatistics()
        #expect(statistics.sentByTypeLine == nil)
        for _ in 0..<3 {
            statistics.countSent(Self.datagram(.progress), toGroup: false)
            statistics.countSent(Self.datagram(.boot), toGroup: false)
        }
        statistics.countSent(Self.datagram(.progress), toGroup: true)
        statistics.countSent(Self.datagram(.hello), toGroup: true)
        statistics.countSent(Self.datagram(.hello), toGroup: false)
        statistics.countSent(Self.datagram(.hello), toGroup: false)
        statistics.countSent(Self.datagram(.cheer), toGroup: false)
        #expect(statistics.sentByTypeLine == "sent by type: progress 4 (1 to the group), boot 3, hello 3 (1 to the group), cheer 1")
    }
}
