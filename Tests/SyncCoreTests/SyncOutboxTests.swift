@testable import SyncCore
import Domain
import SyncTesting
import SyncWire
import Testing

/// When our hellos and boots go out: the first four with every 4th progress (a mate learns us at once),
/// then no sooner than a second apart as well, so that 10 fixes a second do not make 2.5 hellos a second.
@Suite("SyncOutbox: the hello and boot cadence")
struct SyncOutboxTests {
    /// For each of `count` publishes `interval` microseconds apart: "H" for a hello, "P" for the progress,
    /// "B" for a boot, in the order sent.
    static func cadence(_ count: Int, interval: UInt64, offCourseAt: Set<Int> = []) -> [String] {
        var outbox = SyncOutbox(epoch: 1)
        return (0..<count).map { index in
            var progress = SyncSample.progress(sequence: UInt32(index + 1), elapsed: Double(index), distance: Double(index) * 3)
            progress.isOffCourse = offCourseAt.contains(index)
            return outbox.datagrams(for: progress, now: 1_000_000_000 + UInt64(index) * interval).map { datagram in
                switch datagram.message {
                case .hello: "H"
                case .progress: "P"
                case .boot: "B"
                default: "?"
                }
            }.joined()
        }
    }

    @Test("1 fix a second: a hello before every 4th progress, a boot after the first 4 hellos and then every 4th")
    func oneHertz() {
        let sent = Self.cadence(68, interval: 1_000_000)
        let hellos = sent.indices.filter { sent[$0].hasPrefix("H") }
        #expect(hellos == Array(stride(from: 0, to: 68, by: 4)))
        #expect(sent.indices.filter { sent[$0].hasSuffix("B") } == [0, 4, 8, 12, 16, 32, 48, 64])
        #expect(sent.allSatisfy { ["HP", "HPB", "P"].contains($0) }, "\(sent)")
    }

    @Test("10 fixes a second: the first 4 hellos every 4th progress, then one a second (every 10th), boots with every 4th hello")
    func tenHertz() {
        let sent = Self.cadence(100, interval: 100_000)
        let hellos = sent.indices.filter { sent[$0].hasPrefix("H") }
        #expect(hellos == [0, 4, 8, 12, 22, 32, 42, 52, 62, 72, 82, 92])
        #expect(sent.indices.filter { sent[$0].hasSuffix("B") } == [0, 4, 8, 12, 22, 62])
    }

    @Test("leaving or rejoining the course says so at once, outside the cadence; a clock set back does not stop the hellos")
    func offCourseAndClockBack() {
        let sent = Self.cadence(30, interval: 100_000, offCourseAt: Set(14...19))
        #expect(sent.indices.filter { sent[$0].hasPrefix("H") } == [0, 4, 8, 12, 14, 20, 22])
        #expect(sent.indices.filter { sent[$0].hasSuffix("B") } == [0, 4, 8, 12, 22])

        var outbox = SyncOutbox(epoch: 1)
        let progress = SyncSample.progress()
        let times: [UInt64] = [50, 51, 52, 53, 54, 55, 56, 57, 58, 59, 60, 61, 62, 63, 64, 65, 10, 11, 12, 13].map { $0 * 1_000 }
        let hellos = times.enumerated().filter { _, now in
            outbox.datagrams(for: progress, now: now).contains { if case .hello = $0.message { true } else { false } }
        }.map(\.offset)
        #expect(hellos == [0, 4, 8, 12, 16])
    }
}
