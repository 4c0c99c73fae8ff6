import Data
import Domain
import Foundation
import Logging
import MateRunnerTesting
import Testing

/// What a phone source answers and counts, request by request: credentials, formats, the keyed
/// OwnTracks rules, the rate bound, the mates in OwnTracks' reply.
@Suite("Phone ingest: credentials checked, refusals answered and counted, positions taken in order")
struct PhoneIngestTests {
    static let credentials = PhoneCredentials(
        user: "runner", password: "pw-1", encryptionKey: "key-1", device: "12345678", token: "tok-1")
    let start = Date(timeIntervalSinceReferenceDate: 5_000)
    let log = CapturedLines()

    func ingest(_ app: PhoneSourceSpec.App, encrypted: Bool = false) -> PhoneIngest {
        let ingest = PhoneIngest(
            spec: PhoneSourceSpec(app: app, host: "127.0.0.1", port: 1, encrypted: encrypted),
            credentials: Self.credentials,
            logger: CapturingLogHandler.logger("test.phone", into: log)
        )
        ingest.begin(at: start)
        return ingest
    }

    static func basic(_ user: String, _ password: String) -> [String: String] {
        ["Authorization": "Basic " + Data("\(user):\(password)".utf8).base64EncodedString()]
    }

    static func location(_ second: Int, east metres: Double = 0) -> String {
        let coordinate = Geodesy.destination(
            from: Coordinate(latitude: 46.05, longitude: 14.5), metres: metres, bearing: 90)
        return
            #"{"_type":"location","lat":\#(coordinate.latitude),"lon":\#(coordinate.longitude),"#
            + #""tst":\#(1_764_583_200 + second),"acc":4,"tid":"MR"}"#
    }

    @Test("OwnTracks: right Basic auth takes the location and answers a JSON array; wrong ones are 401 and counted")
    func ownTracksAuth() {
        let ingest = ingest(.ownTracks)
        let good = ingest.handle(
            PhoneRequest(
                method: "POST", target: "/owntracks", headers: Self.basic("runner", "pw-1"),
                body: Data(Self.location(0).utf8)), at: start, monotonic: 0
        )
        #expect(good.status == 200)
        #expect(good.body == Data("[]".utf8))
        for headers in [
            Self.basic("runner", "pw-2"), Self.basic("other", "pw-1"), [:], ["Authorization": "Bearer pw-1"],
        ] {
            let bad = ingest.handle(
                PhoneRequest(method: "POST", target: "/owntracks", headers: headers, body: Data(Self.location(1).utf8)),
                at: start, monotonic: 0)
            #expect(bad.status == 401)
            #expect(bad.headers["www-authenticate"]?.hasPrefix("Basic") == true)
        }
        #expect(ingest.statistics.positions == 1)
        #expect(ingest.statistics.refused == [.unauthorized: 4])
        #expect(log.lines.filter { $0.contains("refused (unauthorized)") }.count == 4)
    }

    @Test("OwnTracks keyed: an encrypted location is taken, plaintext refused and counted; the reply is 200 either way")
    func ownTracksKeyed() {
        let ingest = ingest(.ownTracks, encrypted: true)
        let sealed = OwnTracksCipher(passphrase: "key-1").envelope(Data(Self.location(0).utf8))
        let post = { (body: Data) in
            ingest.handle(
                PhoneRequest(method: "POST", target: "/owntracks", headers: Self.basic("runner", "pw-1"), body: body),
                at: self.start, monotonic: 0)
        }
        #expect(post(sealed).status == 200)
        #expect(post(Data(Self.location(5).utf8)).status == 200)
        #expect(post(sealed).status == 200)
        #expect(ingest.statistics.positions == 1)
        #expect(ingest.statistics.refused == [.plaintext: 1, .duplicate: 1])
    }

    @Test("Traccar: token in the path and device id both checked; form, query and JSON taken")
    func traccar() {
        let ingest = ingest(.traccar)
        let form = PhoneRequest(
            method: "POST", target: "/traccar/tok-1", headers: ["Content-Type": "application/x-www-form-urlencoded"],
            body: Data("id=12345678&lat=46.05&lon=14.5&timestamp=1764583200&speed=4&accuracy=5".utf8)
        )
        #expect(ingest.handle(form, at: start, monotonic: 0).status == 200)
        let query = PhoneRequest(
            method: "GET", target: "/traccar/tok-1?id=12345678&lat=46.0501&lon=14.5&timestamp=1764583210")
        #expect(ingest.handle(query, at: start, monotonic: 0).status == 200)
        let json = PhoneRequest(
            method: "POST", target: "/traccar/tok-1", headers: ["Content-Type": "application/json"],
            body: Data(
                (#"{"device_id":"12345678","location":{"timestamp":"2025-12-01T10:00:20Z","#
                    + #""coords":{"latitude":46.0502,"longitude":14.5}}}"#).utf8)
        )
        #expect(ingest.handle(json, at: start, monotonic: 0).status == 200)
        #expect(
            ingest.handle(
                PhoneRequest(method: "GET", target: "/traccar/tok-2?id=12345678&lat=46&lon=14"), at: start, monotonic: 0
            ).status == 401)
        #expect(
            ingest.handle(
                PhoneRequest(method: "GET", target: "/traccar/tok-1?id=999&lat=46&lon=14"), at: start, monotonic: 0
            ).status == 401)
        #expect(
            ingest.handle(PhoneRequest(method: "GET", target: "/?id=12345678&lat=46&lon=14"), at: start, monotonic: 0)
                .status == 401)
        #expect(ingest.statistics.positions == 3)
        #expect(ingest.statistics.refused == [.unauthorized: 3])
        #expect(ingest.status.accuracyMetres == nil)
        #expect(ingest.status.state == .fix2D)
    }

    @Test(
        "A payload from another transport (MQTT) meets the same rules: keyed, plaintext refused, duplicates dropped"
    )
    func payloadEntry() {
        let ingest = ingest(.ownTracks, encrypted: true)
        let sealed = OwnTracksCipher(passphrase: "key-1").envelope(Data(Self.location(0).utf8))
        #expect(ingest.ownTracksPayload(sealed, from: "broker", at: start, monotonic: 0))
        #expect(!ingest.ownTracksPayload(sealed, from: "broker", at: start, monotonic: 0))
        #expect(!ingest.ownTracksPayload(Data(Self.location(9).utf8), from: "broker", at: start, monotonic: 0))
        #expect(ingest.statistics.positions == 1)
        #expect(ingest.statistics.refused == [.duplicate: 1, .plaintext: 1])
        #expect(log.lines.contains { $0.contains("refused (plaintext) from broker") })
    }

    @Test("A flood beyond the rate bound is answered 429 and counted")
    func rateBound() {
        let ingest = ingest(.traccar)
        let statuses = (0..<2_050).map { _ in
            ingest.handle(
                PhoneRequest(method: "GET", target: "/traccar/tok-1?id=12345678&lat=46&lon=14"), at: start, monotonic: 1
            ).status
        }
        #expect(statuses.filter { $0 == 429 }.count == 50)
        #expect(ingest.statistics.refused[.rateLimited] == 50)
        #expect(
            ingest.handle(
                PhoneRequest(method: "GET", target: "/traccar/tok-1?id=12345678&lat=46.001&lon=14"), at: start,
                monotonic: 2
            ).status == 200)
    }

    @Test("Wrong credentials never spend the phone's rate: after a stranger's flood the real phone still gets in")
    func strangersSpendNoRate() {
        for app in [PhoneSourceSpec.App.ownTracks, .traccar] {
            let ingest = ingest(app)
            let stranger =
                app == .ownTracks
                ? PhoneRequest(
                    method: "POST", target: "/owntracks", headers: Self.basic("runner", "guess"),
                    body: Data(Self.location(0).utf8))
                : PhoneRequest(method: "GET", target: "/traccar/guess?id=12345678&lat=46&lon=14")
            let statuses = (0..<2_050).map { _ in ingest.handle(stranger, at: start, monotonic: 1).status }
            #expect(Set(statuses) == [401], "\(app)")
            let phone =
                app == .ownTracks
                ? PhoneRequest(
                    method: "POST", target: "/owntracks", headers: Self.basic("runner", "pw-1"),
                    body: Data(Self.location(1).utf8))
                : PhoneRequest(method: "GET", target: "/traccar/tok-1?id=12345678&lat=46&lon=14")
            #expect(ingest.handle(phone, at: start, monotonic: 1).status == 200, "\(app)")
            #expect(ingest.statistics.refused == [.unauthorized: 2_050], "\(app)")
        }
    }

    @Test("Positions come out in time order at their own time, after the phone went quiet")
    func release() {
        let ingest = ingest(.ownTracks)
        for second in [20, 0, 10] {
            let request = PhoneRequest(
                method: "POST", target: "/owntracks", headers: Self.basic("runner", "pw-1"),
                body: Data(Self.location(second, east: Double(second) * 3).utf8))
            _ = ingest.handle(request, at: start.addingTimeInterval(20), monotonic: 20)
        }
        let fixes = ingest.release(monotonic: 25)
        #expect(fixes.map(\.timestamp) == [0, 10, 20].map { start.addingTimeInterval(Double($0)) })
        #expect(fixes.allSatisfy { $0.horizontalAccuracy == 4 })
    }
}
