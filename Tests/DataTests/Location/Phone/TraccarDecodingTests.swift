import Data
import Domain
import Foundation
import Testing

/// Traccar Client's reports (traccar.org, "OsmAnd"): query parameters, a form body and Traccar
/// Client 9's JSON, decoded to the report gpsd's client makes.
@Suite("Traccar / OsmAnd: query, form and JSON reports decoded, knots and m/s converted")
struct TraccarDecodingTests {
    func one(query: String = "", body: String = "", contentType: String? = nil) throws -> PhonePosition {
        let results = TraccarReport.positions(query: Substring(query), body: Data(body.utf8), contentType: contentType)
        #expect(results.count == 1)
        return try #require(results.first).get()
    }

    @Test("Query parameters: speed in knots to m/s, timestamp in seconds, id, bearing, altitude, accuracy, batt")
    func query() throws {
        let position = try one(
            query:
                "id=123456&lat=46.05121&lon=14.50624&timestamp=1764583200&speed=5.4&bearing=88.5&altitude=301.2"
                    + "&accuracy=4.8&batt=71.0"
        )
        #expect(position.device == "123456")
        #expect(position.report.coordinate == Coordinate(latitude: 46.05121, longitude: 14.50624))
        #expect(position.report.time == Date(timeIntervalSince1970: 1_764_583_200))
        #expect(abs((position.report.speed ?? 0) - 5.4 * 1852 / 3600) < 1e-9)
        #expect(position.report.course == 88.5)
        #expect(position.report.altitude == 301.2)
        #expect(position.report.horizontalError == 4.8)
        #expect(position.report.mode == 3)
        #expect(position.batteryPercent == 71)
    }

    @Test("A form body, percent-encoded, with an ISO 8601 timestamp; deviceid for id")
    func form() throws {
        let position = try one(
            body: "deviceid=runner%201&lat=-33.8688&lon=151.2093&timestamp=2025-12-01T10%3A00%3A05.250Z&speed=0",
            contentType: "application/x-www-form-urlencoded"
        )
        #expect(position.device == "runner 1")
        #expect(position.report.time == Date(timeIntervalSince1970: 1_764_583_205.25))
        #expect(position.report.speed == 0)
        #expect(position.report.mode == 2)
    }

    @Test("Traccar Client 9's JSON: speed already m/s, battery level 0-1, -1 means unknown")
    func json() throws {
        let body = #"""
            {"location":{"timestamp":"2025-12-01T10:00:00.000Z",
             "coords":{"latitude":46.05,"longitude":14.5,"accuracy":6,"speed":3.2,"heading":-1,"altitude":290},
             "is_moving":true,"odometer":1200,"event":"motionchange","battery":{"level":0.57,"is_charging":false},
             "activity":{"type":"running"},"extras":{}},
             "device_id":"48241179"}
            """#
        let position = try one(body: body, contentType: "application/json")
        #expect(position.device == "48241179")
        #expect(position.report.time == Date(timeIntervalSince1970: 1_764_583_200))
        #expect(position.report.speed == 3.2)
        #expect(position.report.course == nil)
        #expect(position.report.horizontalError == 6)
        #expect(position.batteryPercent == 57)
    }

    @Test("A JSON batch of queued locations gives each, a bad one refused in its place")
    func jsonBatch() throws {
        let body = #"""
            {"device_id":"7","location":[
             {"timestamp":"2025-12-01T10:00:00Z","coords":{"latitude":46.05,"longitude":14.5}},
             {"timestamp":"yesterday","coords":{"latitude":46.05,"longitude":14.5}},
             {"timestamp":"2025-12-01T10:00:10Z","coords":{}}]}
            """#
        let results = TraccarReport.positions(query: "", body: Data(body.utf8), contentType: nil)
        #expect(results.count == 3)
        #expect((try? results[0].get())?.device == "7")
        #expect(throws: PhoneRefusal.malformed) { try results[1].get() }
        #expect(throws: PhoneRefusal.noPosition) { try results[2].get() }
    }

    @Test(
        "Refusals: not valid, no position, a number that is not one, a JSON body of another shape",
        arguments: [
            ("id=1&lat=46&lon=14&valid=false", "", PhoneRefusal.noFix),
            ("id=1&lat=46", "", .noPosition),
            ("id=1&lat=46&lon=14&speed=fast", "", .malformed),
            ("id=1&lat=46&lon=14&timestamp=-5", "", .malformed),
            ("", #"{"id":"1","lat":46}"#, .malformed),
        ])
    func refusals(query: String, body: String, reason: PhoneRefusal) {
        let results = TraccarReport.positions(query: Substring(query), body: Data(body.utf8), contentType: nil)
        #expect(throws: reason) { try results.first?.get() }
    }

    @Test("A report without a timestamp has no time of its own (the source takes its arrival)")
    func noTimestamp() throws {
        #expect(try one(query: "id=1&lat=46&lon=14").report.time == nil)
    }
}
