import Domain
import Foundation
import FrontEndKit
@testable import Presentation
import Testing

/// Formatting the world clock: days, zone offsets (half hours, summer time), and the zone list.
@Suite("WorldClockFormat")
struct WorldClockFormatTests {
    @Test("days from today in words", arguments: [
        (0, "today"), (-1, "yesterday"), (1, "tomorrow"), (-3, "3 days ago"), (2, "in 2 days"),
    ])
    func days(offset: Int, expected: String) {
        #expect(WorldClockFormat.day(offset) == expected)
    }

    @Test("zones show their own offset at that instant: summer time, half hours, west of UTC")
    func offsets() throws {
        let july = Date(timeIntervalSince1970: 1_815_000_000)  // 2027-07-08T...Z
        let rows = try ["Europe/Paris", "America/St_Johns", "Asia/Kolkata"].map { name in
            WorldClockFormat.row(july, in: try #require(TimeZone(identifier: name)))
        }
        #expect(rows.map(\.utcOffset) == ["+02:00", "-02:30", "+05:30"])
    }

    @Test("offset and uncertainty of the race clock as text")
    func clockQuality() {
        let model = WorldClockModel(
            instant: Date(timeIntervalSince1970: 1_800_000_000), dayOffset: -1, offsetSeconds: -0.1256,
            uncertaintySeconds: 0.004, source: "agreed race clock"
        )
        let board = WorldClockFormat.board(model, zones: [])
        #expect(board.offset == "-0.126 s")
        #expect(board.uncertainty == "±0.004 s")
        #expect(board.instant == "2027-01-14T08:00:00.000Z")
        #expect(board.day == "yesterday")
    }

    @Test("the zone list keeps the order asked for and names every unknown zone")
    func zoneList() throws {
        #expect(try TimeZoneList.parse(" Asia/Seoul, UTC ,Europe/Paris").count == 3)
        #expect(throws: TimeZoneList.Invalid(unknown: ["Mars/Base", "Nowhere"])) {
            try TimeZoneList.parse("UTC,Mars/Base,Nowhere")
        }
        #expect(throws: TimeZoneList.Invalid(unknown: [])) { try TimeZoneList.parse(" , ") }
        #expect(TimeZoneList.Invalid(unknown: ["Mars/Base"]).description.contains("IANA names"))
    }

    @Test("a world clock becomes a clock frame with a line for the person")
    func frame() {
        let clock = FrontEndClock(
            source: "system clock", instant: "2027-01-15T08:00:00.000Z", dayOffset: 1, day: "tomorrow", offset: "+0.000 s",
            offsetSeconds: 0, uncertainty: "unknown", uncertaintySeconds: nil,
            zones: [FrontEndZoneTime(zone: "Asia/Seoul", date: "2027-01-16", weekday: "Sat", time: "17:00:00", utcOffset: "+09:00")]
        )
        #expect(FrontEndFrame.clock(clock, time: "2027-01-15T08:00:00.500Z") == FrontEndFrame(
            type: .clock, time: "2027-01-15T08:00:00.500Z", message: "tomorrow on the system clock", clock: clock
        ))
    }
}
