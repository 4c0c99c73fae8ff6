import Domain
import SyncWire
import Testing

/// Stage 4's core: the tag covers the race id, so a datagram recorded in one race is refused in another
/// race with the same key.
@Suite("Race id in the tag")
struct RaceIDTagTests {
    @Test("a datagram tagged for one race id fails in another with the same key; without a race id nothing changes")
    func raceIDBound() throws {
        let secrets = RaceSecrets.generate()
        let first = RaceKey(secrets: secrets)
        let later = RaceKey(secrets: try #require(RaceSecrets(key: secrets.key, raceID: RaceSecrets.generate().raceID)))
        let datagram = SyncDatagram(sender: RunnerID(rawValue: 0xA1), sequence: 7, message: .hello(name: "alice", terms: RaceTerms(mode: .race, goal: RaceGoal(centimetres: 100_000))))
        let bytes = SyncDatagramCodec.encode(datagram, key: first)
        #expect(try SyncDatagramCodec.decode(bytes, key: first) == datagram)
        #expect(throws: DatagramError.badTag) { try SyncDatagramCodec.decode(bytes, key: later) }
        let passphrase = try RaceKey(passphrase: "dawn run")
        #expect(passphrase.raceID.isEmpty)
        #expect(passphrase.with(raceID: secrets.raceID).tag(for: [1, 2]) != passphrase.tag(for: [1, 2]))
        #expect(passphrase.with(raceID: []).tag(for: [1, 2]) == passphrase.tag(for: [1, 2]))
        #expect(first.raceID == secrets.raceID && first.raceID.count == 16)
    }
}
