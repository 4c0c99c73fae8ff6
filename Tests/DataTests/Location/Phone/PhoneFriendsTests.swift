import Domain
import Foundation
import Testing

@testable import Data

/// The mates as OwnTracks friends in the reply to a phone's POST: a card each, named with rank and
/// distance, and a location where the race knows the mate's place (a course).
@Suite("Phone friends: the mates as OwnTracks cards and locations")
struct PhoneFriendsTests {
    let me = Runner(id: RunnerID(rawValue: 1), name: "olive")
    let bob = Runner(id: RunnerID(rawValue: 0xB0B), name: "bob")
    let carol = Runner(id: RunnerID(rawValue: 0xCA), name: "carol")
    let now = Date(timeIntervalSince1970: 1_764_583_200)

    func snapshot(places: [RunnerID: CoursePlace] = [:]) -> RaceSnapshot {
        let standings = RaceStandings(
            terms: RaceTerms(mode: .race, goal: .standard),
            standings: [
                Standing(
                    runner: bob, rank: 1, phase: .finished, distance: 5000, elapsed: 1500, progress: 1,
                    finishTime: 1500, isLost: false),
                Standing(
                    runner: me, rank: 2, phase: .running, distance: 3210, elapsed: 1500, progress: 0.64,
                    finishTime: nil, isLost: false),
                Standing(
                    runner: carol, rank: 3, phase: .running, distance: 1239, elapsed: 1500, progress: 0.25,
                    finishTime: nil, isLost: true),
            ], isComplete: false)
        return RaceSnapshot(me: me.id, stage: .running, startedAt: now, standings: standings, places: places)
    }

    func objects(_ snapshot: RaceSnapshot) throws -> [[String: Any]] {
        try #require(
            try JSONSerialization.jsonObject(with: PhoneFriends.objects(for: snapshot, at: now)) as? [[String: Any]])
    }

    @Test("Every mate but us gets a card named with rank (or state) and distance; no location without a place")
    func cards() throws {
        let objects = try objects(snapshot())
        #expect(objects.map { $0["_type"] as? String } == ["card", "card"])
        #expect(objects.map { $0["name"] as? String } == ["bob · finished 1st · 5.00 km", "carol · lost · 1.24 km"])
        #expect(objects.map { $0["tid"] as? String } == ["BO", "CA"])
        #expect(objects.allSatisfy { ($0["topic"] as? String)?.hasPrefix("owntracks/materunner/") == true })
    }

    @Test("On a course, each mate's place is a location the app puts on its map, at the current time")
    func locations() throws {
        let place = CoursePlace(coordinate: Coordinate(latitude: 46.05, longitude: 14.5), lap: 1, isOffCourse: false)
        let objects = try objects(snapshot(places: [bob.id: place]))
        let location = try #require(objects.first { $0["_type"] as? String == "location" })
        #expect(location["lat"] as? Double == 46.05)
        #expect(location["lon"] as? Double == 14.5)
        #expect(location["tst"] as? Int == 1_764_583_200)
        #expect(location["tid"] as? String == "BO")
        #expect(location["topic"] as? String == objects.first?["topic"] as? String)
    }

    @Test("Made again at most every 2 s of race time, and always once the result is complete")
    func rate() {
        let friends = PhoneFriends()
        #expect(friends.json(for: snapshot(), at: now) != nil)
        #expect(friends.json(for: snapshot(), at: now.addingTimeInterval(1)) == nil)
        #expect(friends.json(for: snapshot(), at: now.addingTimeInterval(2)) != nil)
    }

    @Test("Ordinals: 1st, 2nd, 3rd, 4th, 11th, 12th, 13th, 21st, 102nd")
    func ordinals() {
        #expect(
            [1, 2, 3, 4, 11, 12, 13, 21, 102].map(PhoneFriends.ordinal) == [
                "1st", "2nd", "3rd", "4th", "11th", "12th", "13th", "21st", "102nd",
            ])
    }
}
