@testable import SyncCore
import Testing

/// An authenticated race's replay window per sender (docs/PROTOCOL.md, "Race key").
@Suite("Replay window")
struct ReplayWindowTests {
    @Test("the replay window accepts each number once, in any order within 64, and nothing older")
    func replayWindow() {
        var window = ReplayWindow()
        func accept(_ sequences: [UInt32]) -> [Bool] { sequences.map { window.accept($0) } }
        #expect(accept([5, 3, 4, 5, 3, 1, 2]) == [true, true, true, false, false, true, true])
        #expect(accept([200, 137, 136, 137, 199, 200]) == [true, true, false, false, true, false])
        #expect(accept([1_000_000, 999_999, 200]) == [true, true, false])
    }

    @Test("a number accepted within the window has been seen (a duplicate); one never accepted, or past the window, has not (a replay)")
    func replayWindowSeen() {
        var window = ReplayWindow()
        #expect(!window.hasSeen(0) && !window.hasSeen(1))
        for sequence: UInt32 in [10, 8, 100] { _ = window.accept(sequence) }
        #expect(window.hasSeen(100) && !window.hasSeen(37))
        #expect(!window.hasSeen(99) && !window.hasSeen(101))
        #expect(!window.hasSeen(10) && !window.hasSeen(8), "past the window: not remembered, so a replay")
        _ = window.accept(64)
        #expect(window.hasSeen(64) && !window.hasSeen(63))
    }
}
