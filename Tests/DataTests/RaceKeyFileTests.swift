import Data
import Domain
import Foundation
import MateRunnerTesting
import SyncWire
import Testing

/// The race key from a file (`RaceKey.contentsOf(file:raceID:cost:)`, in Data: it reads the file system),
/// the warning about a key file other users can read, and the replay window of keyed races.
@Suite("Race key file and replay window")
struct RaceKeyFileTests {
    @Test("a key file gives the key of its first line, without the newline; a missing file says which")
    func keyFile() throws {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("race-key-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: url) }
        let expected = try RaceKey.testing("dawn run").tag(for: [7])
        for contents in ["dawn run", "dawn run\n", "dawn run\r\n", "dawn run\nsecond line"] {
            try Data(contents.utf8).write(to: url)
            #expect(try RaceKey.contentsOf(file: url.path, raceID: RaceKey.testRaceID, cost: RaceKey.testCost).tag(for: [7]) == expected)
        }
        try Data("\n".utf8).write(to: url)
        #expect(throws: RaceKeyError.empty) { try RaceKey.contentsOf(file: url.path, raceID: RaceKey.testRaceID, cost: RaceKey.testCost) }
        #expect {
            try RaceKey.passphrase(inFile: "/nonexistent/race.key")
        } throws: { error in
            "\(error)".contains("cannot read the race key file /nonexistent/race.key")
        }
    }

    @Test("a key file other users can read or change: one warning with the chmod to run; 0600 and 0400: none")
    func permissions() throws {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("race-key-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: url) }
        try Data("dawn run\n".utf8).write(to: url)
        for (mode, expected) in [
            (0o644, "can be read by other users (mode 0644): run chmod 600 \(url.path)"),
            (0o640, "can be read by other users (mode 0640): run chmod 600 \(url.path)"),
            (0o620, "can be changed by other users (mode 0620): run chmod 600 \(url.path)"),
        ] {
            try FileManager.default.setAttributes([.posixPermissions: mode], ofItemAtPath: url.path)
            let warning = RaceKey.permissionWarning(forFile: url.path)
            #expect(warning == "the race key file \(url.path) \(expected)")
        }
        for mode in [0o600, 0o400] {
            try FileManager.default.setAttributes([.posixPermissions: mode], ofItemAtPath: url.path)
            #expect(RaceKey.permissionWarning(forFile: url.path) == nil)
        }
        #expect(RaceKey.permissionWarning(forFile: "/nonexistent/race.key") == nil)
    }
}
