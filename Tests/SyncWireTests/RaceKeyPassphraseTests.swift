import Foundation
import MateRunnerTesting
import SyncWire
import Testing

/// Stretching the passphrase: scrypt salted with the race id (docs/PROTOCOL.md, "Race key"). The
/// expected tags were computed independently, with Python's `hashlib.scrypt` (OpenSSL) and `hmac`.
@Suite("Race key: scrypt stretching and the race id")
struct RaceKeyPassphraseTests {
    private static func hex(_ bytes: [UInt8]) -> String { bytes.map { String(format: "%02x", $0) }.joined() }

    @Test("at the test cost the key is scrypt(passphrase, prefix + race id, N=16, r=1, p=1): the tag matches OpenSSL's")
    func knownAnswerAtTestCost() throws {
        #expect(Self.hex(try RaceKey.testing("same").tag(for: [1, 2, 3])) == "2b67262dcc4d1d15")
    }

    @Test("the protocol's cost is N=2^16, r=8, p=1 (64 MiB), and gives OpenSSL's key for the same inputs")
    func knownAnswerAtStandardCost() throws {
        #expect(ScryptCost.standard == ScryptCost(logN: 16, blockSize: 8, parallelism: 1))
        #expect(ScryptCost.standard.memoryBytes == 64 << 20)
        let key = try RaceKey(passphrase: "correct horse battery staple", raceID: "materunner-2026-11-23")
        #expect(Self.hex(key.tag(for: [1, 2, 3])) == "3e71e1bbb42be034")
    }

    @Test("another race id, same passphrase: another key (one dictionary does not serve every race)")
    func raceIDSalts() throws {
        let lake = try RaceKey.testing("dawn run", raceID: "lake")
        let hill = try RaceKey.testing("dawn run", raceID: "hill")
        #expect(lake.tag(for: [9]) != hill.tag(for: [9]))
        #expect(lake.tag(for: [9]) == (try RaceKey.testing("dawn run", raceID: "lake")).tag(for: [9]))
    }

    @Test("a race id must be 1 to 64 bytes without control characters", arguments: [
        "", String(repeating: "x", count: 65), "lake\u{1B}[2J", "tab\there", "c1\u{9B}",
    ])
    func invalidRaceIDs(raceID: String) {
        #expect(!RaceKey.isValid(raceID: raceID))
        #expect(throws: RaceKeyError.invalidRaceID(raceID)) { try RaceKey.testing("dawn run", raceID: raceID) }
    }

    @Test("valid race ids: a word, 64 bytes, non-ASCII letters")
    func validRaceIDs() {
        for raceID in ["lake", String(repeating: "x", count: 64), "Cerkniško jezero 2026"] {
            #expect(RaceKey.isValid(raceID: raceID))
        }
    }

    @Test("the default race id is the UTC date, changing at midnight UTC, whatever the local time zone")
    func defaultRaceID() {
        let lastSecond = Date(timeIntervalSince1970: 1_795_478_399) // 2026-11-23T23:59:59Z
        #expect(RaceKey.defaultRaceID(at: lastSecond) == "materunner-2026-11-23")
        #expect(RaceKey.defaultRaceID(at: lastSecond.addingTimeInterval(1)) == "materunner-2026-11-24")
        #expect(RaceKey.defaultRaceID(at: Date(timeIntervalSince1970: 0)) == "materunner-1970-01-01")
        #expect(RaceKey.isValid(raceID: RaceKey.defaultRaceID()))
    }

    @Test("derived key bytes must be 32; bad scrypt parameters are refused, not trapped")
    func refusals() {
        #expect(throws: RaceKeyError.self) { try RaceKey(derivedKeyBytes: Array(repeating: 1, count: 31)) }
        #expect(throws: RaceKeyError.self) {
            try RaceKey(passphrase: "x", raceID: "y", cost: ScryptCost(logN: 0, blockSize: 1, parallelism: 1))
        }
        #expect(throws: Never.self) { try RaceKey(derivedKeyBytes: Array(repeating: 1, count: 32)) }
    }
}
