@testable import Data
import Domain
import Foundation
import Logging
import MateRunnerTesting
import Testing

/// OwnTracks in MQTT mode against a real mosquitto on loopback (started and stopped by each test): the
/// phone's topic read into the ingest, and the race published for the apps, read back.
@Suite("OwnTracks through a real mosquitto: the phone's topic in, the race out", .serialized)
struct OwnTracksBrokerTests {
    static let credentials = PhoneCredentials(
        user: "runner", password: "pw-1", encryptionKey: "key-1", device: "12345678", token: "tok-1")
    let start = Date(timeIntervalSince1970: 1_764_583_100)
    let log = CapturedLines()

    func settings(_ broker: TestBroker) throws -> BrokerSettings {
        var settings = BrokerSettings(url: try BrokerURL(parsing: broker.url()))
        settings.connectTimeout = .seconds(5)
        return settings
    }

    static func location(_ second: Int) -> String {
        #"{"_type":"location","lat":46.05,"lon":\#(14.5 + Double(second) * 0.0001),"#
            + #""tst":\#(1_764_583_200 + second),"acc":4,"tid":"MR"}"#
    }

    func waitFor(_ what: String, _ done: @escaping @Sendable () -> Bool) async throws {
        try await withHangGuard(what, seconds: 20) {
            while !done() { try await Task.sleep(for: .milliseconds(20)) }
        }
    }

    @Test("The phone's topic only; encrypted taken, plaintext and a stale retained location refused and counted")
    func subscription() async throws {
        let broker = try await TestBroker.started()
        let phone = try await MosquittoClient.connect(try settings(broker), clientID: "phone") { _ in }
        defer { phone.close() }
        let cipher = OwnTracksCipher(passphrase: "key-1")
        // Before the run: the app's last location, retained by the broker.
        let stale = [UInt8](cipher.envelope(Data(Self.location(-60).utf8)))
        #expect(phone.publish(stale, to: "owntracks/mia/phone", delivery: .atLeastOnce, retain: true))
        // The broker keeps it once a new subscriber is handed it as retained (not after a fixed pause: a
        // loaded machine may take longer, and the run would then get it live instead).
        let kept = Locked(false)
        let probe = try await MosquittoClient.connect(try settings(broker), clientID: "probe") { message in
            if message.retained { kept.withLock { $0 = true } }
        }
        defer { probe.close() }
        try await withHangGuard("the broker keeping the stale location", seconds: 20) {
            while !kept.value {
                probe.subscribe("owntracks/mia/phone", delivery: .atLeastOnce)
                try await Task.sleep(for: .milliseconds(100))
            }
        }
        let ingest = PhoneIngest(
            spec: .ownTracksBroker(user: "mia", device: "phone", encrypted: true), credentials: Self.credentials,
            logger: CapturingLogHandler.logger("test.owntracks", into: log))
        ingest.begin(at: start)
        let start = start
        let transport = try await OwnTracksBrokerTransport.connect(try settings(broker), ingest: ingest) { start }
        defer { Task { await transport.close() } }
        try await waitFor("the retained location") { ingest.statistics.refused[.retained] == 1 }

        let sealed = [UInt8](cipher.envelope(Data(Self.location(1).utf8)))
        for payload in [sealed, sealed, [UInt8](Self.location(2).utf8), [UInt8](repeating: 0x20, count: 300_000)] {
            #expect(phone.publish(payload, to: "owntracks/mia/phone", delivery: .atLeastOnce))
        }
        // Another device's topic is not this runner's.
        #expect(phone.publish(sealed, to: "owntracks/mia/other", delivery: .atLeastOnce))
        try await waitFor("four messages") {
            ingest.statistics.positions + ingest.statistics.refused.values.reduce(0, +) >= 5
        }
        try await Task.sleep(for: .milliseconds(200))
        #expect(ingest.statistics.positions == 1)
        #expect(ingest.statistics.refused == [.retained: 1, .duplicate: 1, .plaintext: 1, .tooLarge: 1])
        #expect(log.lines.contains { $0.contains("refused (plaintext)") && $0.contains("mqtt owntracks/mia/phone") })
        let fixes = ingest.release(monotonic: ingest.monotonicNow + 10)
        #expect(fixes.count == 1 && abs((fixes.first?.coordinate.longitude ?? 0) - 14.5001) < 1e-9)
    }

    @Test("The race published retained and sealed; cleared at the run's end: the apps told, none kept for later")
    func publishing() async throws {
        let broker = try await TestBroker.started()
        let publisher = OwnTracksRacePublisher(
            settings: try settings(broker), spec: OwnTracksPublishSpec(prefix: "owntracks/race", encrypted: true),
            cipher: OwnTracksCipher(passphrase: "key-1"), now: { Date(timeIntervalSince1970: 1_764_583_200) },
            logger: CapturingLogHandler.logger("test.owntracks", into: log))
        let bob = Runner(id: RunnerID(rawValue: 0xB0B), name: "bob")
        let snapshot = RaceSnapshot(
            me: RunnerID(rawValue: 1), stage: .running, startedAt: start,
            standings: RaceStandings(
                terms: RaceTerms(mode: .race, goal: .standard),
                standings: [
                    Standing(
                        runner: bob, rank: 1, phase: .running, distance: 1240, elapsed: 100, progress: 0.25,
                        finishTime: nil, isLost: false)
                ], isComplete: false),
            places: [
                bob.id: CoursePlace(
                    coordinate: Coordinate(latitude: 46.05, longitude: 14.5), lap: 1, isOffCourse: false)
            ])
        let log = log
        try await waitFor("the publisher's connection") { log.lines.contains { $0.contains("publishing the race") } }
        publisher.show(snapshot)

        // An app subscribed during the race: bob's card and location, retained, sealed.
        let inbox = MosquittoClientTests.Inbox()
        let app = try await MosquittoClient.connect(try settings(broker), clientID: "app") { inbox.append($0) }
        defer { app.close() }
        // Subscribed again until the broker hands both over as retained (they may first come live).
        try await withHangGuard("the retained card and location", seconds: 20) {
            while Set(inbox.all.filter(\.retained).map(\.topic)).count < 2 {
                app.subscribe("owntracks/race/#", delivery: .atLeastOnce)
                try await Task.sleep(for: .milliseconds(100))
            }
        }
        let card = try #require(inbox.all.first { $0.topic == "owntracks/race/\(bob.id)/info" })
        guard case .encrypted(let box) = try OwnTracksMessage.decode(Data(card.payload)) else {
            Issue.record("not sealed: \(String(decoding: card.payload, as: UTF8.self))")
            return
        }
        let object = try #require(
            try JSONSerialization.jsonObject(with: OwnTracksCipher(passphrase: "key-1").open(box)) as? [String: Any])
        #expect(object["_type"] as? String == "card")
        #expect(object["name"] as? String == "bob · 1st · 1.24 km")
        let topics: Set = ["owntracks/race/\(bob.id)", "owntracks/race/\(bob.id)/info"]
        #expect(Set(inbox.all.filter(\.retained).map(\.topic)) == topics)

        // The run ends: an empty message on each topic reaches the app (it removes the friend), and the
        // broker keeps nothing; shown after that, nothing goes.
        await publisher.close()
        publisher.show(snapshot)
        try await inbox.wait(for: "the two clearing messages") { $0.filter(\.payload.isEmpty).count >= 2 }
        let cleared = inbox.all.filter(\.payload.isEmpty).map(\.topic)
        #expect(Set(cleared) == topics)
        // A later subscriber: the broker handles its subscriptions in order, each one's retained messages
        // sent before the next is answered, so once the sentinel (retained after the end, subscribed to
        // second) is there, whatever the broker kept of the race would have come before it.
        #expect(app.publish(Array("end".utf8), to: "materunner-test/end", delivery: .atLeastOnce, retain: true))
        let later = MosquittoClientTests.Inbox()
        let reader = try await MosquittoClient.connect(try settings(broker), clientID: "later") { later.append($0) }
        defer { reader.close() }
        reader.subscribe("owntracks/race/#", delivery: .atLeastOnce)
        try await withHangGuard("the sentinel, retained", seconds: 20) {
            while !later.all.contains(where: { $0.topic == "materunner-test/end" }) {
                reader.subscribe("materunner-test/end", delivery: .atLeastOnce)
                try await Task.sleep(for: .milliseconds(100))
            }
        }
        #expect(later.all.allSatisfy { $0.topic == "materunner-test/end" }, "\(later.all.map(\.topic))")
    }
}
