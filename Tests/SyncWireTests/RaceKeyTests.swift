import Domain
import Foundation
import SyncWire
import MateRunnerTesting
import Testing

/// Keyed races: tags, the replay window and open/keyed mismatches (docs/PROTOCOL.md, "Race key").
@Suite("Race key: tags and replays")
struct RaceKeyTests {
    static let sender = RunnerID(rawValue: 0xA11CE)
    static let hello = SyncDatagram(sender: sender, sequence: 1, message: .hello(name: "alice", terms: SyncSample.terms))
    static let progress = SyncDatagram(sender: sender, sequence: 2, message: .progress(ProgressReportDTO(SyncSample.progress(id: 0xA11CE))))

    @Test("a keyed progress update is 32 bytes: 24 plus the 8-byte tag, and round-trips under the same key")
    func roundTrip() throws {
        let key = try RaceKey.testing("correct horse battery staple")
        let bytes = SyncDatagramCodec.encode(Self.progress, key: key)
        #expect(bytes.count == 32)
        #expect(bytes[3] & 0x08 != 0)
        #expect(try SyncDatagramCodec.decode(bytes, key: key) == Self.progress)
        for message in SyncDatagramCodecTests.messages {
            let datagram = SyncDatagram(sender: Self.sender, sequence: 9, message: message)
            #expect(try SyncDatagramCodec.decode(SyncDatagramCodec.encode(datagram, key: key), key: key) == datagram)
        }
    }

    @Test("the public id: 16 hex digits of HMAC-SHA256(key, label ‖ race id), made once, one per key and race id")
    func publicID() throws {
        let keyBytes = Array(0..<32).map(UInt8.init)
        let raceID = Array(100..<116).map(UInt8.init)
        let invited = RaceKey(secrets: try #require(RaceSecrets(key: keyBytes, raceID: raceID)))
        // Python: hmac.new(bytes(range(32)), b"MateRunner race v1 public id" + bytes(range(100, 116)),
        // "sha256").hexdigest()[:16]
        let expected = "67055590e4840941"
        #expect(invited.publicID == expected && expected.count == 16)
        #expect(RaceKey(secrets: try #require(RaceSecrets(key: keyBytes, raceID: raceID))).publicID == expected)
        let other = try #require(RaceSecrets(key: keyBytes, raceID: Array(raceID.reversed())))
        #expect(RaceKey(secrets: other).publicID != expected)
        let passphrase = try RaceKey.testing("public id")
        #expect(passphrase.publicID == (try RaceKey.testing("public id")).publicID && passphrase.publicID != expected)
        #expect(passphrase.publicID.allSatisfy { "0123456789abcdef".contains($0) } && passphrase.publicID.count == 16)
    }

    @Test("the same passphrase gives the same tag, another (even by case) another; the tag is 8 bytes")
    func derivation() throws {
        let key = try RaceKey.testing("same")
        #expect(key.tag(for: [1, 2, 3]) == (try RaceKey.testing("same")).tag(for: [1, 2, 3]))
        #expect(key.tag(for: [1, 2, 3]) != (try RaceKey.testing("Same")).tag(for: [1, 2, 3]))
        #expect(key.tag(for: [1, 2, 3]).count == 8)
        #expect(throws: RaceKeyError.empty) { try RaceKey.testing("") }
    }

    @Test("another key, a changed byte anywhere or a changed tag: bad-tag")
    func badTags() throws {
        let key = try RaceKey.testing("ours")
        let bytes = SyncDatagramCodec.encode(Self.progress, key: key)
        #expect(throws: DatagramError.badTag) { try SyncDatagramCodec.decode(bytes, key: RaceKey.testing("theirs")) }
        for offset in 4..<bytes.count {
            var changed = bytes
            changed[offset] ^= 0x01
            #expect(throws: DatagramError.badTag) { try SyncDatagramCodec.decode(changed, key: key) }
        }
    }

    @Test("an untagged datagram in a keyed race: missing-tag; a tagged one in an open race: unexpected-tag")
    func mismatches() throws {
        let key = try RaceKey.testing("ours")
        #expect(throws: DatagramError.missingTag) { try SyncDatagramCodec.decode(SyncDatagramCodec.encode(Self.progress), key: key) }
        #expect(throws: DatagramError.unexpectedTag) { try SyncDatagramCodec.decode(SyncDatagramCodec.encode(Self.progress, key: key)) }
        // A tag removed and the flag cleared is an untagged datagram: still missing-tag, never accepted.
        var stripped = Array(SyncDatagramCodec.encode(Self.progress, key: key).dropLast(8))
        stripped[3] &= ~0x08
        #expect(throws: DatagramError.missingTag) { try SyncDatagramCodec.decode(stripped, key: key) }
    }
}
