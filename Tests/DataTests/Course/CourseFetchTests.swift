@testable import Data
import Domain
import Foundation
import MateRunnerTesting
@testable import SyncCore
import SyncWire
import Testing

/// The course fetch over real sockets on loopback (docs/PROTOCOL.md, "Course fetch"): a host serves its
/// course to an invitee it paired with, through a relay that loses 30 % of the datagrams each way; the
/// joiner gets every chunk, signed, and the very points of the digest. A host whose points do not hash
/// to the digest, or that serves nothing, gives a clear error within the time allowed, never a course.
@Suite("Course fetch on loopback")
struct CourseFetchTests {
    static let alice = Runner(id: RunnerID(rawValue: 0xA1), name: "alice")
    static let bob = Runner(id: RunnerID(rawValue: 0xB2), name: "bob")

    /// A GPX route of `count` points (about 2 m apart, winding), written to a temporary file, read as a course.
    static func courseFile(points count: Int, shift: Double = 0) throws -> CourseFile {
        var text = "<?xml version=\"1.0\"?><gpx version=\"1.1\" xmlns=\"http://www.topografix.com/GPX/1/1\"><trk><name>Winding test</name><trkseg>\n"
        for index in 0..<count {
            let latitude = 46.0 + Double(index) * 0.000018 + shift
            let longitude = 14.0 + sin(Double(index) / 40) * 0.0002
            text += "<trkpt lat=\"\(latitude)\" lon=\"\(longitude)\"/>\n"
        }
        text += "</trkseg></trk></gpx>\n"
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("winding-\(count)-\(UUID().uuidString).gpx")
        try Data(text.utf8).write(to: url)
        defer { try? FileManager.default.removeItem(at: url) }
        return try CourseFile(contentsOf: url)
    }

    /// A host and a joiner with identities on loopback, through a relay losing `loss` each way, paired
    /// over an invitation of `file`'s course; runs `body` with both and the invitation's terms.
    func paired<T: Sendable>(
        _ file: CourseFile, loss: Double, seed: UInt64, key: RaceKey? = nil, delay: TimeInterval = 0,
        _ body: (UDPRaceSyncRepository, UDPRaceSyncRepository, RaceTerms, LossyUDPRelay) async throws -> T
    ) async throws -> T {
        let host = try await UDPRaceSyncRepository.bind(host: "127.0.0.1", port: 0, key: key, identity: .generate())
        let joiner = try await UDPRaceSyncRepository.bind(host: "127.0.0.1", port: 0, key: key, identity: .generate())
        let relay = try LossyUDPRelay(first: host.localPort, second: joiner.localPort, loss: loss, seed: seed, delay: delay)
        defer { relay.stop() }
        do {
            // Each knows the relay's side toward the other (trusted as a --peer is).
            try host.addPeer(PeerAddress(host: "127.0.0.1", port: relay.towardSecond))
            try joiner.addPeer(PeerAddress(host: "127.0.0.1", port: relay.towardFirst))
            let terms = RaceTerms(mode: .race, goal: RaceGoal(centimetres: 100_000), course: file.terms(laps: 1))
            let offer = InvitationOffer(
                id: 77, host: Self.alice, terms: terms, invitees: [Self.bob.id], sentAt: Date(), timeout: 60,
                course: CourseListing(try LappedCourse(course: file.course))
            )
            let invitations = joiner.messages()
            // Presence both ways and the invitation (with its pairing offer) every 20 ms until bob's lobby
            // shows it: the pairing then completed, whatever was lost.
            let shown = Task { () -> InvitationOffer? in
                for await message in invitations { if case .invitation(let offer) = message.message { return offer } }
                return nil
            }
            try await withHangGuard("the invitation shown to bob through the lossy relay") {
                var shownOffer: InvitationOffer?
                while shownOffer == nil {
                    await joiner.send(.presence(Self.bob, .free), from: Self.bob, to: nil)
                    await host.send(.presence(Self.alice, .free), from: Self.alice, to: nil)
                    await host.send(.invitation(offer), from: Self.alice, to: [Self.bob.id])
                    try await Task.sleep(for: .milliseconds(20))
                    if joiner.store.withState({ $0.pairingState.joined.values.contains { $0.session != nil } }) {
                        shownOffer = await shown.value
                    }
                }
                #expect(shownOffer?.course == offer.course && shownOffer?.terms.course == terms.course)
            }
            shown.cancel()
            let result = try await body(host, joiner, terms, relay)
            await host.close()
            await joiner.close()
            return result
        } catch {
            await host.close()
            await joiner.close()
            throw error
        }
    }

    @Test("3 000 points in 27 chunks through 30 % loss both ways: the very points of the digest, asked again as lost, within the budget")
    func lossyFetch() async throws {
        let file = try Self.courseFile(points: 3_000)
        #expect(file.course.points.count == 3_000)
        let chunks = CourseChunk.count(forPoints: 3_000)
        #expect(chunks == 27)
        try await paired(file, loss: 0.3, seed: 0xC0_5E) { host, joiner, terms, relay in
            host.serveCourse(file)
            let course = try await joiner.fetchCourse(
                try #require(terms.course), pointCount: 3_000, title: "Winding test", invitation: 77, from: Self.alice, within: 30
            )
            #expect(course.points == file.course.points)
            #expect(course.name == "Winding test" && course.length == file.course.length)
            #expect(CourseFile.digest(of: course.points) == file.digest)
            let served = host.statistics.received["course-request", default: 0]
            let got = joiner.statistics.received["course-chunk", default: 0]
            // Loss made the joiner ask again, but never beyond its budget; the relay did drop datagrams.
            #expect(relay.dropped > 0)
            #expect(got >= chunks && served > chunks, "\(served) requests answered, \(got) chunks received")
            #expect(served <= CourseFetchSettings.requestBudget(chunkCount: chunks))
            // Every datagram of the fetch is well under 1 200 bytes.
            #expect(SyncDatagramCodec.maximumLength <= 1_002)
        }
    }

    @Test("the longest course, 100 000 points in 893 chunks of at most 1 002 bytes, through 10 % loss: every point, digest checked")
    func longestCourse() async throws {
        let file = try Self.courseFile(points: Course.maximumPoints)
        #expect(file.course.points.count == Course.maximumPoints)
        try await paired(file, loss: 0.1, seed: 0x100_000) { host, joiner, terms, _ in
            host.serveCourse(file)
            let course = try await joiner.fetchCourse(
                try #require(terms.course), pointCount: Course.maximumPoints, title: "Winding test", invitation: 77, from: Self.alice,
                within: 60
            )
            #expect(course.points == file.course.points)
            #expect(joiner.statistics.received["course-chunk", default: 0] >= 893)
            #expect(host.statistics.received["course-request", default: 0] <= CourseFetchSettings.requestBudget(chunkCount: 893))
        }
    }

    @Test("a slow host (every datagram 0.4 s late each way, as from a loaded board): the joiner waits for it, within the budget")
    func slowHost() async throws {
        let file = try Self.courseFile(points: 11_000)
        let chunks = CourseChunk.count(forPoints: 11_000)
        #expect(chunks > 3 * CourseFetchSettings().window / 2)
        try await paired(file, loss: 0, seed: 5, delay: 0.4) { host, joiner, terms, _ in
            host.serveCourse(file)
            let course = try await joiner.fetchCourse(
                try #require(terms.course), pointCount: 11_000, title: "Winding test", invitation: 77, from: Self.alice, within: 60
            )
            #expect(course.points == file.course.points)
            // Asked again only while the round trip was unknown: with a fixed 0.25 s each chunk would be
            // asked 4 times (0.8 s round trip), past the budget of 3 per chunk.
            let requests = host.statistics.received["course-request", default: 0]
            #expect(requests <= 2 * chunks, "\(requests) requests for \(chunks) chunks")
        }
    }

    @Test("in a lobby keyed by a race key, requests and chunks carry its tag like every lobby message (both sides drop anything untagged)")
    func keyedLobby() async throws {
        let file = try Self.courseFile(points: 400)
        let key = try RaceKey.testing("lake run")
        try await paired(file, loss: 0, seed: 3, key: key) { host, joiner, terms, _ in
            host.serveCourse(file)
            #expect(host.isAuthenticated && joiner.isAuthenticated)
            let course = try await joiner.fetchCourse(
                try #require(terms.course), pointCount: 400, title: "Winding test", invitation: 77, from: Self.alice, within: 10
            )
            #expect(course.points == file.course.points)
            #expect(joiner.statistics.received["course-chunk", default: 0] == 4 && host.statistics.dropped.isEmpty, "\(host.statistics.dropped)")
            // The fetch went through keyed peers, which drop any untagged datagram: eve's (no key) is one.
            let stranger = try await UDPRaceSyncRepository.bind(host: "127.0.0.1", port: 0, identity: .generate())
            try stranger.addPeer(PeerAddress(host: "127.0.0.1", port: joiner.localPort))
            let eve = Runner(id: RunnerID(rawValue: 0xEE), name: "eve")
            await stranger.send(.presence(eve, .free), from: eve, to: nil)
            try await withHangGuard("eve's untagged datagram at bob's") {
                while joiner.statistics.dropped["missing-tag", default: 0] == 0 { try await Task.sleep(for: .milliseconds(1)) }
            }
            await stranger.close()
        }
    }

    @Test("a host whose points do not hash to the invitation's digest: an error naming both digests, the points not used")
    func digestMismatch() async throws {
        let file = try Self.courseFile(points: 300)
        let other = try Self.courseFile(points: 300, shift: 0.001)
        try await paired(file, loss: 0, seed: 1) { host, joiner, terms, _ in
            // A host (faulty or lying) serving other points under the digest it invited with.
            host.store.withState { $0.serveCourse(digest: file.digest, points: CoursePoints.fixed(other.course.points)) }
            let error = await #expect(throws: CourseFetchError.self) {
                try await joiner.fetchCourse(
                    try #require(terms.course), pointCount: 300, title: "Winding test", invitation: 77, from: Self.alice, within: 10
                )
            }
            #expect(error == .digestMismatch(host: "alice", expected: file.digest, actual: other.digest))
            #expect(error?.description.contains("could not fetch the course from alice") == true)
            #expect(error?.description.contains("pass --course FILE") == true)
        }
    }

    @Test("a host that serves no course: the fetch ends within the time allowed, its requests bounded, saying what to do")
    func nothingServed() async throws {
        let file = try Self.courseFile(points: 500)
        try await paired(file, loss: 0, seed: 2) { host, joiner, terms, _ in
            let started = Date()
            let settings = CourseFetchSettings(window: 8, retryAfter: 0.1)
            let error = await #expect(throws: CourseFetchError.self) {
                try await joiner.fetchCourse(
                    try #require(terms.course), pointCount: 500, title: "Winding test", invitation: 77, from: Self.alice, within: 1.5,
                    settings: settings
                )
            }
            #expect(Date().timeIntervalSince(started) < 5)
            switch error {
            case let .timedOut(name, received, count, _)?, let .tooManyRequests(name, received, count, _)?:
                #expect(name == "alice" && received == 0 && count == 5)
            default: Issue.record("unexpected \(String(describing: error))")
            }
            #expect(error?.description.hasPrefix("could not fetch the course from alice: 0 of 5 chunks came") == true)
            // Each request was refused by the host (no course of its own) and counted.
            #expect(host.statistics.dropped["pairing-refused", default: 0] > 0)
            #expect(host.statistics.dropped["pairing-refused", default: 0] <= CourseFetchSettings.requestBudget(chunkCount: 5))
        }
    }

    @Test("without a completed pairing with the host there is nothing to check a course with: refused at once")
    func notPaired() async throws {
        try await withRepositories(1) { repositories in
            let terms = CourseTerms(digest: "0123456789abcdef", name: "lake.gpx", lengthCentimetres: 191_240)
            await #expect(throws: CourseFetchError.notPaired(host: "alice")) {
                try await repositories[0].fetchCourse(terms, pointCount: 173, title: "Lake", invitation: 1, from: Self.alice, within: 5)
            }
        }
    }
}
