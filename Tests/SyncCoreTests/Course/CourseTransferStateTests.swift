@testable import SyncCore
import Domain
import Foundation
import SyncWire
import Testing

/// The course fetch as the peer state runs it (docs/PROTOCOL.md, "Course fetch"), without sockets: a
/// forged or misfit chunk is counted and skipped, a request from an address not validated gets no
/// chunk (ten times its size), and a host answers one invitee at most its budget of chunks.
@Suite("Peer state: the course fetch")
struct CourseTransferStateTests {
    static let hostAddress = PeerAddress(host: "10.0.0.1", port: 47474)
    static let joinerAddress = PeerAddress(host: "10.0.0.2", port: 47474)
    static let strangerAddress = PeerAddress(host: "10.0.0.9", port: 47474)
    let alice = Runner(id: RunnerID(rawValue: 0xA1), name: "alice")
    let bob = Runner(id: RunnerID(rawValue: 0xB2), name: "bob")
    let now = Date(timeIntervalSince1970: 1_800_000_000)
    let clocks = SyncClocks(microseconds: { 1_000 })

    /// 250 points (3 chunks), 1e-7 degrees, interleaved, and their digest.
    static let points: [Int32] = {
        var values: [Int32] = []
        for index in Int32(0)..<250 {
            values.append(460_000_000 + index * 180)
            values.append(140_000_000 + (index % 7) * 90)
        }
        return values
    }()
    /// The course's digest as an invitation names it (any 16 hex digits: the fetch only carries it).
    static let digest = "5eed0f1e2d3c4b5a"

    /// When set, each signed datagram is first received tampered by a copy of its addressee (`SignatureTamper`).
    var tamper: SignatureTamper?

    func deliver(_ datagrams: [OutgoingDatagram], from source: PeerAddress, to state: inout PeerState) -> [InboundEffects] {
        datagrams.map { datagram in
            tamper?.check(datagram.bytes, to: state, from: source, clocks: clocks)
            return state.receive(datagram.bytes, from: source, clocks: clocks)
        }
    }

    func replies(_ effects: [InboundEffects], to address: PeerAddress) -> [OutgoingDatagram] {
        effects.flatMap(\.replies).map { OutgoingDatagram($0, to: address) }
    }

    /// Alice invites bob to a course race and they pair (up to the reveal); alice serves the course.
    func paired() throws -> (host: PeerState, joiner: PeerState) {
        var host = PeerState(key: nil, capacity: 64, identity: DeviceKeys.generate())
        var joiner = PeerState(key: nil, capacity: 64, identity: DeviceKeys.generate())
        joiner.learnPeer(Self.hostAddress)
        host.learnPeer(Self.joinerAddress)
        _ = deliver(joiner.send(.presence(bob, .free), from: bob, to: nil, at: now), from: Self.joinerAddress, to: &host)
        _ = deliver(host.send(.presence(alice, .free), from: alice, to: nil, at: now), from: Self.hostAddress, to: &joiner)
        let course = CourseTerms(digest: Self.digest, name: "lake.gpx", lengthCentimetres: 500_000)
        let terms = RaceTerms(mode: .race, goal: RaceGoal(centimetres: 500_000), course: course)
        let offer = InvitationOffer(
            id: 9, host: alice, terms: terms, invitees: [bob.id], sentAt: now, timeout: 30,
            course: CourseListing(title: "Lake", totalCentimetres: 500_000, pointCount: 250)
        )
        let first = deliver(host.send(.invitation(offer), from: alice, to: [bob.id], at: now), from: Self.hostAddress, to: &joiner)
        let hostSide = deliver(replies(first, to: Self.joinerAddress), from: Self.joinerAddress, to: &host)
        let revealed = deliver(replies(hostSide, to: Self.hostAddress), from: Self.hostAddress, to: &joiner)
        guard case .invitation(let shown)? = revealed.first?.message(receivedAt: now)?.message else { throw Unpaired() }
        #expect(shown.course?.pointCount == 250 && shown.terms.course?.digest == Self.digest)
        host.serveCourse(digest: Self.digest, points: Self.points)
        let began = joiner.beginCourseFetch(host: alice.id, invitation: 9, digest: Self.digest, pointCount: 250)
        #expect(began)
        return (host, joiner)
    }

    struct Unpaired: Error {}

    @Test("requests answered with signed chunks reassemble the points; a forged chunk and a misfit are counted and skipped")
    func forgedAndMisfit() throws {
        var (host, joiner) = try paired()
        let requests = joiner.courseRequests(host: alice.id, invitation: 9, indices: [0, 1, 2])
        #expect(requests.count == 3 && requests.allSatisfy { $0.bytes.count == 95 })
        let chunks = replies(deliver(requests, from: Self.joinerAddress, to: &host), to: Self.joinerAddress)
        #expect(chunks.map(\.bytes.count) == [994, 994, 98 + 8 * 26])

        // A forger (its own keys, the host's id) signs a chunk 0 of its own: refused, not kept.
        let context = PairingContext(invitation: 9, host: alice.id, joiner: bob.id, terms: try #require(joiner.pairingState.terms(invitation: 9)))
        let forgerSide = HostPairing(context: context, keys: .generate())
        let forgerJoiner = try JoinerPairing(offer: forgerSide.offer, context: context, keys: .generate())
        let (_, forgerSession) = try forgerSide.accept(forgerJoiner.reply)
        let forged = forgerSide.courseChunk(index: 0, count: 3, points: Array(repeating: 1, count: 224), in: forgerSession)
        let forgedBytes = SyncDatagramCodec.encode(SyncDatagram(sender: alice.id, sequence: 40, message: .pairing(.courseChunk(invitation: 9, invitee: bob.id, forged))))
        _ = joiner.receive(forgedBytes, from: Self.hostAddress, clocks: clocks)
        #expect(joiner.statistics.dropped["pairing-refused"] == 1, "\(joiner.statistics.dropped)")
        #expect(joiner.courseFetch(host: alice.id, invitation: 9)?.missing == [0, 1, 2])

        _ = deliver(chunks, from: Self.hostAddress, to: &joiner)
        let fetched = try #require(joiner.courseFetch(host: alice.id, invitation: 9))
        #expect(fetched.missing.isEmpty && fetched.points == Self.points)
        #expect(joiner.statistics.received["course-chunk"] == 3)

        // A chunk that checks but does not fit the fetch (a host serving another point count) is a misfit.
        joiner.endCourseFetch(host: alice.id, invitation: 9)
        let again = joiner.beginCourseFetch(host: alice.id, invitation: 9, digest: Self.digest, pointCount: 300)
        #expect(again)
        _ = deliver(Array(chunks.suffix(1)), from: Self.hostAddress, to: &joiner)
        #expect(joiner.courses.misfits == 1 && joiner.statistics.dropped["pairing-refused"] == 2)
        // No fetch under way: a chunk is refused too.
        joiner.endCourseFetch(host: alice.id, invitation: 9)
        _ = deliver(Array(chunks.prefix(1)), from: Self.hostAddress, to: &joiner)
        #expect(joiner.statistics.dropped["pairing-refused"] == 3)
    }

    @Test("a request from an address not validated gets no chunk; one invitee gets at most its budget of chunks")
    func amplificationAndBudget() throws {
        var (host, joiner) = try paired()
        // Bob's signed request from an address the host learned but never validated: withheld.
        let request = try #require(joiner.courseRequests(host: alice.id, invitation: 9, indices: [1]).first)
        let fromStranger = host.receive(request.bytes, from: Self.strangerAddress, clocks: clocks)
        #expect(!fromStranger.replies.contains { $0.count > request.bytes.count }, "a chunk went to an unvalidated address")
        #expect(host.statistics.withheld["unvalidated-address", default: 0] >= 1)
        // From bob's validated address, answered up to the budget (3 × 3 + 32 = 41), then withheld.
        var answered = 0
        for _ in 0..<60 {
            let again = try #require(joiner.courseRequests(host: alice.id, invitation: 9, indices: [1]).first)
            answered += host.receive(again.bytes, from: Self.joinerAddress, clocks: clocks).replies.count { $0.count == 994 }
        }
        #expect(answered == CourseTransfers.answerBudget(chunkCount: 3))
        #expect(host.statistics.withheld["course-limit"] == 60 - answered)
        // A request for a chunk the course does not have is malformed.
        let beyond = try #require(joiner.courseRequests(host: alice.id, invitation: 9, indices: [3]).first)
        _ = host.receive(beyond.bytes, from: Self.joinerAddress, clocks: clocks)
        #expect(host.statistics.dropped["field-out-of-range"] == 1)
    }
}
