import Domain
import Foundation
import Testing

@testable import Data

/// The race as OwnTracks devices on a broker: a retained card per runner on PREFIX/ID/info, a retained
/// location on PREFIX/ID where the race knows the runner's place, at a bounded rate.
@Suite("OwnTracks race feed: every runner a card (and on a course a location), at a sensible rate")
struct OwnTracksRaceFeedTests {
    let me = Runner(id: RunnerID(rawValue: 1), name: "olive")
    let bob = Runner(id: RunnerID(rawValue: 0xB0B), name: "bob")
    let ghost = Runner(id: RunnerID(rawValue: 0x60), name: "ghost", isGhost: true)
    let now = Date(timeIntervalSince1970: 1_764_583_200)

    func snapshot(bob bobMetres: Double, me myMetres: Double, places: [RunnerID: CoursePlace] = [:]) -> RaceSnapshot {
        let ranked = [(bob, bobMetres), (me, myMetres)].sorted { $0.1 > $1.1 }
        var standings = ranked.enumerated().map { index, entry in
            Standing(
                runner: entry.0, rank: index + 1, phase: .running, distance: entry.1, elapsed: 100,
                progress: entry.1 / 5000, finishTime: nil, isLost: false)
        }
        standings.append(
            Standing(
                runner: ghost, rank: 3, phase: .running, distance: 10, elapsed: 100, progress: 0, finishTime: nil,
                isLost: false))
        return RaceSnapshot(
            me: me.id, stage: .running, startedAt: now,
            standings: RaceStandings(
                terms: RaceTerms(mode: .race, goal: .standard), standings: standings, isComplete: false),
            places: places)
    }

    func objects(_ messages: [BrokerMessage]) throws -> [String: [String: Any]] {
        var objects: [String: [String: Any]] = [:]
        for message in messages {
            #expect(message.retained)
            objects[message.topic] = try #require(
                try JSONSerialization.jsonObject(with: Data(message.payload)) as? [String: Any])
        }
        return objects
    }

    @Test("Every runner but ghosts, us included, is a card on PREFIX/ID/info with the booklet's types")
    func cards() throws {
        var feed = OwnTracksRaceFeed(prefix: "owntracks/race")
        let objects = try objects(feed.messages(for: snapshot(bob: 1240, me: 800), at: now))
        #expect(Set(objects.keys) == ["owntracks/race/\(bob.id)/info", "owntracks/race/\(me.id)/info"])
        let card = try #require(objects["owntracks/race/\(bob.id)/info"])
        #expect(card["_type"] as? String == "card")
        #expect(card["name"] as? String == "bob · 1st · 1.24 km")
        #expect(card["tid"] as? String == "BO")
        #expect(Set(card.keys) == ["_type", "name", "tid"])
        #expect(objects["owntracks/race/\(me.id)/info"]?["name"] as? String == "olive · 2nd · 0.80 km")
    }

    @Test("A card goes again at once when the rank changes, else at most every interval when the distance did")
    func rate() throws {
        var feed = OwnTracksRaceFeed(prefix: "p", interval: 5)
        #expect(feed.messages(for: snapshot(bob: 1240, me: 800), at: now).count == 2)
        #expect(feed.messages(for: snapshot(bob: 1240, me: 800), at: now.addingTimeInterval(1)).isEmpty)
        #expect(feed.messages(for: snapshot(bob: 1300, me: 850), at: now.addingTimeInterval(2)).isEmpty)
        let later = try objects(feed.messages(for: snapshot(bob: 1310, me: 860), at: now.addingTimeInterval(5)))
        #expect(later["p/\(bob.id)/info"]?["name"] as? String == "bob · 1st · 1.31 km")
        #expect(later.count == 2)
        // olive passes bob one second later: both ranks changed, both cards go at once.
        let passed = try objects(feed.messages(for: snapshot(bob: 1320, me: 1330), at: now.addingTimeInterval(6)))
        #expect(passed["p/\(me.id)/info"]?["name"] as? String == "olive · 1st · 1.33 km")
        #expect(passed["p/\(bob.id)/info"]?["name"] as? String == "bob · 2nd · 1.32 km")
    }

    @Test("On a course, each runner's place is a location on PREFIX/ID: lat, lon, an integer tst, tid, t")
    func locations() throws {
        var feed = OwnTracksRaceFeed(prefix: "owntracks/race", interval: 5)
        let place = CoursePlace(coordinate: Coordinate(latitude: 46.05, longitude: 14.5), lap: 1, isOffCourse: false)
        let objects = try objects(feed.messages(for: snapshot(bob: 1240, me: 800, places: [bob.id: place]), at: now))
        let location = try #require(objects["owntracks/race/\(bob.id)"])
        #expect(location["_type"] as? String == "location")
        #expect(location["lat"] as? Double == 46.05)
        #expect(location["lon"] as? Double == 14.5)
        #expect(location["tst"] as? Int == 1_764_583_200)
        #expect(location["tid"] as? String == "BO")
        #expect(location["t"] as? String == "p")
        #expect(objects["owntracks/race/\(me.id)"] == nil)
        // The same place again: nothing; moved, after the interval: again.
        let moved = CoursePlace(coordinate: Coordinate(latitude: 46.051, longitude: 14.5), lap: 1, isOffCourse: false)
        #expect(
            feed.messages(for: snapshot(bob: 1240, me: 800, places: [bob.id: place]), at: now.addingTimeInterval(6))
                .isEmpty)
        let again = try self.objects(
            feed.messages(for: snapshot(bob: 1240, me: 800, places: [bob.id: moved]), at: now.addingTimeInterval(7)))
        #expect(again["owntracks/race/\(bob.id)"]?["lat"] as? Double == 46.051)
    }

    @Test("Without a course, our own runner's latest fix is its location, with its accuracy; mates have none")
    func ownLocation() throws {
        var feed = OwnTracksRaceFeed(prefix: "owntracks/race")
        feed.own = (Coordinate(latitude: 46.06, longitude: 14.51), 4.4, now)
        let objects = try objects(feed.messages(for: snapshot(bob: 1240, me: 800), at: now))
        let location = try #require(objects["owntracks/race/\(me.id)"])
        #expect(location["lat"] as? Double == 46.06)
        #expect(location["acc"] as? Int == 4)
        #expect(objects["owntracks/race/\(bob.id)"] == nil)
    }

    @Test("At the end: an empty retained message on every topic published, once; a later snapshot starts over")
    func clearing() throws {
        var feed = OwnTracksRaceFeed(prefix: "owntracks/race")
        #expect(feed.clearing().isEmpty)
        let place = CoursePlace(coordinate: Coordinate(latitude: 46.05, longitude: 14.5), lap: 1, isOffCourse: false)
        let published = feed.messages(for: snapshot(bob: 1240, me: 800, places: [bob.id: place]), at: now)
        let cleared = feed.clearing()
        #expect(Set(cleared.map(\.topic)) == Set(published.map(\.topic)))
        #expect(cleared.count == 3 && cleared.allSatisfy { $0.payload.isEmpty && $0.retained })
        #expect(feed.clearing().isEmpty)
        #expect(feed.messages(for: snapshot(bob: 1240, me: 800), at: now.addingTimeInterval(1)).count == 2)
    }

    @Test(
        "--owntracks-publish: 1 to 4 topic levels without wildcards, :encrypted",
        arguments: [
            ("owntracks/race", OwnTracksPublishSpec(prefix: "owntracks/race")),
            ("owntracks/race:encrypted", OwnTracksPublishSpec(prefix: "owntracks/race", encrypted: true)),
            ("club", OwnTracksPublishSpec(prefix: "club")),
        ])
    func publishSpec(text: String, spec: OwnTracksPublishSpec) {
        #expect(OwnTracksPublishSpec(parsing: text) == spec)
    }

    @Test(
        "--owntracks-publish refused",
        arguments: ["", "owntracks/+", "owntracks/#", "a//b", "/a", "a/b/c/d/e", ":encrypted"])
    func publishSpecRefused(text: String) {
        #expect(OwnTracksPublishSpec(parsing: text) == nil)
    }
}
