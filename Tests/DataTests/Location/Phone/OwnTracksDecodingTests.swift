import Data
import Domain
import Foundation
import Testing

/// OwnTracks `location` payloads in the shapes the booklet's "JSON" and "HTTP" pages give, from iOS
/// and Android, decoded to the report gpsd's client makes: units converted, the fix's own time kept.
@Suite("OwnTracks JSON: locations decoded, units converted, other types told apart")
struct OwnTracksDecodingTests {
    func position(_ json: String) throws(PhoneRefusal) -> PhonePosition {
        try OwnTracksDecoder(cipher: nil).position(in: Data(json.utf8))
    }

    @Test("An iOS location: vel km/h to m/s, acc as the horizontal error, alt makes a 3D fix, tst kept")
    func iOSLocation() throws {
        let json = #"""
            {"_type":"location","acc":5,"alt":296,"batt":63,"bs":1,"cog":271,"conn":"m","lat":46.05121,"lon":14.50624,
             "m":2,"t":"t","tid":"JJ","tst":1764583200,"vac":3,"vel":11,"created_at":1764583201,
             "topic":"owntracks/jane/phone"}
            """#
        let position = try position(json)
        #expect(position.report.coordinate == Coordinate(latitude: 46.05121, longitude: 14.50624))
        #expect(position.report.time == Date(timeIntervalSince1970: 1_764_583_200))
        #expect(abs((position.report.speed ?? 0) - 11 / 3.6) < 1e-9)
        #expect(position.report.horizontalError == 5)
        #expect(position.report.altitude == 296)
        #expect(position.report.course == 271)
        #expect(position.report.mode == 3)
        #expect(position.batteryPercent == 63)
        #expect(position.trackerID == "JJ")
        #expect(position.trigger == "t")
        #expect(position.device == "owntracks/jane/phone")
        let fix = position.report.toDomain(timestamp: Date(timeIntervalSince1970: 10))
        #expect(fix.horizontalAccuracy == 5)
        #expect(fix.quality == .threeDimensional)
    }

    @Test("An Android location with zero fields left out: no vel is standing still, no alt a 2D fix, decimals accepted")
    func androidLocationWithZerosOmitted() throws {
        let json =
            #"{"_type":"location","_id":"a1b2c3","acc":12.5,"batt":80,"bs":2,"conn":"w","lat":48.85833,"lon":2.29513,"#
            + #""t":"p","tid":"ab","tst":1497476456}"#
        let position = try position(json)
        #expect(position.report.speed == 0)
        #expect(position.report.altitude == nil)
        #expect(position.report.course == nil)
        #expect(position.report.mode == 2)
        #expect(position.report.horizontalError == 12.5)
        #expect(position.device == nil)
    }

    @Test("The booklet's shortest HTTP payload (lat, lon, tst, tid) is a position")
    func minimalPayload() throws {
        let position = try position(#"{"lon":2.29513,"lat":48.85833,"_type":"location","tst":1497476456,"tid":"JJ"}"#)
        #expect(position.report.coordinate.latitude == 48.85833)
        #expect(position.report.horizontalError == nil)
    }

    @Test(
        "Other _types are not locations; bad payloads are refused by reason",
        arguments: [
            (#"{"_type":"lwt","tst":1497476456}"#, PhoneRefusal.notLocation),
            (#"{"_type":"transition","event":"enter","tst":1497476456,"lat":1,"lon":2}"#, .notLocation),
            (#"{"_type":"card","name":"Jane","tid":"JJ"}"#, .notLocation),
            ("", .notLocation),
            (#"{"_type":"location","tst":1497476456}"#, .noPosition),
            (#"{"_type":"location","lat":91,"lon":2,"tst":1497476456}"#, .noPosition),
            (#"{"_type":"location","lat":48.8,"lon":2.2}"#, .malformed),
            (#"{"lat":48.8,"lon":2.2,"tst":1497476456}"#, .malformed),
            (#"{"_type":"location","lat":"48.8","lon":2.2,"tst":1}"#, .malformed),
            ("not json", .malformed),
            (#"[{"_type":"location"}]"#, .malformed),
            (#"{"_type":"encrypted","data":"AAAA"}"#, .encryptedWithoutKey),
        ])
    func refusals(json: String, reason: PhoneRefusal) {
        #expect(throws: reason) { try position(json) }
    }
}
