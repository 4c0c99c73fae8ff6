import Domain
import SyncWire
import Testing

/// Stage 4's core: the tag covers the race id, so a datagram recorded in one race is refused in another
/// race with the same key.
@Suite("Race id in the tag")
struct RaceIDTagTests {
    @Test("a datagram tagged for one race id fails in another with the same key; a passphrase key covers no more bytes")
    func raceIDBound() throws {
        let secrets = RaceSecrets.generate()
        let first = RaceKey(secrets: secrets)
        let later = RaceKey(secrets: try #require(RaceSecrets(key: secrets.key, raceID: RaceSecrets.generate().raceID)))
        let datagram = SyncDatagram(sender: RunnerID(rawValue: 0xA1), sequence: 7, message: .hello(name: "alice", terms: RaceTerms(mode: .race, goal: RaceGoal(centimetres: 100_000))))
        let bytes = SyncDatagramCodec.encode(datagram, key: first)
        #expect(try SyncDatagramCodec.decode(bytes, key: first) == datagram)
        #expect(throws: DatagramError.badTag) { try SyncDatagramCodec.decode(bytes, key: later) }
        // A passphrase key's race id salts the key itself: its tags cover no more bytes.
        let passphrase = try RaceKey(derivedKeyBytes: secrets.key)
        #expect(passphrase.raceID.isEmpty)
        #expect(passphrase.tag(for: [1, 2]) != first.tag(for: [1, 2]))
        #expect(first.raceID == secrets.raceID && first.raceID.count == 16)
    }
}
