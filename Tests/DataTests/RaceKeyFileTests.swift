import Data
import Domain
import Foundation
import SyncWire
import Testing

/// The race key from a file (`RaceKey.contentsOf(file:)`, in Data: it reads the file system) and the
/// replay window of keyed races.
@Suite("Race key file and replay window")
struct RaceKeyFileTests {
    @Test("a key file gives the key of its first line, without the newline; a missing file says which")
    func keyFile() throws {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("race-key-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: url) }
        let expected = try RaceKey(passphrase: "dawn run").tag(for: [7])
        for contents in ["dawn run", "dawn run\n", "dawn run\r\n", "dawn run\nsecond line"] {
            try Data(contents.utf8).write(to: url)
            #expect(try RaceKey.contentsOf(file: url.path).tag(for: [7]) == expected)
        }
        try Data("\n".utf8).write(to: url)
        #expect(throws: RaceKeyError.empty) { try RaceKey.contentsOf(file: url.path) }
        #expect {
            try RaceKey.contentsOf(file: "/nonexistent/race.key")
        } throws: { error in
            "\(error)".contains("cannot read the race key file /nonexistent/race.key")
        }
    }

    @Test("the replay window accepts each number once, in any order within 64, and nothing older")
    func replayWindow() {
        var window = ReplayWindow()
        func accept(_ sequences: [UInt32]) -> [Bool] { sequences.map { window.accept($0) } }
        #expect(accept([5, 3, 4, 5, 3, 1, 2]) == [true, true, true, false, false, true, true])
        #expect(accept([200, 137, 136, 137, 199, 200]) == [true, true, false, false, true, false])
        #expect(accept([1_000_000, 999_999, 200]) == [true, true, false])
    }
}
