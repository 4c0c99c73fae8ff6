@testable import SyncCore
import Domain
import SyncWire
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

/// The replay concern of the peer (`ReplayWindows`): one window per sender.
@Suite("Replay windows, per sender")
struct ReplayWindowsTests {
    @Test("each sender its own window: a number seen twice is a duplicate, one below the window a replay; forgotten or reset, a sender starts again")
    func perSender() throws {
        var windows = ReplayWindows()
        let (alice, bob) = (RunnerID(rawValue: 0xA1), RunnerID(rawValue: 0xB2))
        try windows.accept(100, from: alice)
        try windows.accept(5, from: bob)
        #expect(throws: DatagramError.duplicate) { try windows.accept(100, from: alice) }
        #expect(throws: DatagramError.replayed) { try windows.accept(100 - ReplayWindow.size, from: alice) }
        try windows.accept(99, from: alice)
        #expect(windows.senders == [alice, bob])
        windows.forget(alice)
        try windows.accept(100, from: alice)
        windows.reset()
        #expect(windows.senders.isEmpty)
        try windows.accept(5, from: bob)
    }
}
