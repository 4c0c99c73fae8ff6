import Data
import Domain
import Testing

/// Our DNS-SD TXT record: keys, states, size limits (RFC 6763 §6).
@Suite("MateAdvertisement")
struct MateAdvertisementTests {
    @Test("free: v, id, name, state and no race; running adds the race id")
    func keys() {
        var advertisement = MateAdvertisement(version: 1, runnerID: "0123456789abcdef", name: "alice")
        #expect(advertisement.txt == ["v": "1", "id": "0123456789abcdef", "name": "alice", "state": "free"])
        advertisement.state = .running
        advertisement.raceID = "feedface01234567"
        #expect(advertisement.txt["state"] == "running" && advertisement.txt["race"] == "feedface01234567")
        #expect(MateAdvertisement(txt: advertisement.txt) == advertisement)
        #expect(MateAdvertisement(version: 1, runnerID: "a", name: "b", state: .invited, raceID: "x").raceID == nil)
    }

    @Test("the record stays small even with a long multi-byte name: strings ≤ 255 B, total under 200 B")
    func small() {
        let advertisement = MateAdvertisement(
            version: 1, runnerID: "0123456789abcdef", name: String(repeating: "Ž🏃", count: 40), state: .running,
            raceID: String(repeating: "r", count: 100)
        )
        let bytes = TXTRecord.encode(advertisement.txt)
        #expect(bytes.count < 200)
        #expect(advertisement.txt["name"].map { $0.utf8.count <= 63 && !$0.isEmpty } == true)
        #expect(TXTRecord.decode(bytes) == advertisement.txt)
    }

    @Test("a record that is not ours (no v, no id, unknown state) is not an advertisement")
    func foreign() {
        #expect(MateAdvertisement(txt: ["id": "1", "state": "free"]) == nil)
        #expect(MateAdvertisement(txt: ["v": "1", "state": "free"]) == nil)
        #expect(MateAdvertisement(txt: ["v": "1", "id": "1", "state": "asleep"]) == nil)
        #expect(MateAdvertisement(txt: ["v": "1", "id": "ab", "state": "free"])?.name == "ab")
    }

    @Test("a runner's own terms travel too, for peers: mode, goal, course and speed-up; still under 256 B at the longest")
    func terms() throws {
        let course = CourseTerms(digest: "00a1b2c3d4e5f607", name: String(repeating: "c", count: 64), lengthCentimetres: 191_240, laps: 2)
        var advertisement = MateAdvertisement(
            version: 2, runnerID: "0123456789abcdef", name: String(repeating: "Ž🏃", count: 40), state: .running,
            raceID: String(repeating: "r", count: 100)
        )
        advertisement.terms = .init(RaceTerms(mode: .team, goal: RaceGoal(centimetres: 100_000_000), course: course, speedup: 999.5))
        let txt = advertisement.txt
        #expect(txt["mode"] == "team" && txt["goal"] == "100000000" && txt["speedup"] == "999.5")
        #expect(txt["course"] == String(repeating: "c", count: 32))
        #expect(TXTRecord.encode(txt).count < 256)
        let read = try #require(MateAdvertisement(txt: txt))
        #expect(read.terms?.mode == .team && read.terms?.goal == RaceGoal(centimetres: 100_000_000) && read.terms?.speedup == 999.5)
        let plain = MateAdvertisement(version: 2, runnerID: "ab", name: "bob")
        #expect(plain.txt["mode"] == nil && MateAdvertisement(txt: plain.txt)?.terms == nil)
    }
}
