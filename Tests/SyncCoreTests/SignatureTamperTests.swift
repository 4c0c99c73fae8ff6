@testable import SyncCore
import Domain
import Foundation
import SyncWire
import Testing

/// Every signed row of the rule table (`MessageRule.table`, signature not `none`), proven on real
/// exchanges: each signed datagram that goes by is first received with one bit of its signature flipped,
/// by a copy of its addressee, and refused and counted with nothing else changed (`SignatureTamper`);
/// the real one then carries the exchange on.
@Suite("Message rules: every signature, tampered")
struct SignatureTamperTests {
    static var signedSubtypes: Set<UInt8> {
        Set(MessageRule.table.filter { $0.signature != .none }.compactMap { rule in
            if case .pairing(let subtype) = rule.kind { subtype } else { nil }
        })
    }

    @Test("the lobby's exchange (16–21), a cancelled invitation (27), a course fetch (28, 29), a race with a spectator (22–24) and a restart (26): every signed subtype, tampered, is refused")
    func everySignedSubtype() throws {
        let tamper = SignatureTamper()
        // Offer, reply, reveal, decision, grant, roster.
        _ = try PeerStatePairingTests(tamper: tamper).exchange()

        // The host's signed cancel, and a course fetched over the exchange.
        let courses = CourseTransferStateTests(tamper: tamper)
        var (host, joiner) = try courses.paired()
        let requests = joiner.courseRequests(host: courses.alice.id, invitation: 9, indices: [0, 1, 2])
        let chunks = courses.replies(courses.deliver(requests, from: CourseTransferStateTests.joinerAddress, to: &host), to: CourseTransferStateTests.joinerAddress)
        _ = courses.deliver(chunks, from: CourseTransferStateTests.hostAddress, to: &joiner)
        #expect(joiner.courseFetch(host: courses.alice.id, invitation: 9)?.missing.isEmpty == true)
        let cancel = host.send(.outcome(invitation: 9, .cancelled), from: courses.alice, to: [courses.bob.id], at: courses.now)
        _ = courses.deliver(cancel, from: CourseTransferStateTests.hostAddress, to: &joiner)

        // A spectator admitted by alice watches bob finish (his signed statement).
        var race = try SpectatorRace()
        race.tamper = tamper
        race.run(1)
        race.watchRound()
        race.run(10)

        // Bob restarts: his signed boot.
        var (racing, bob) = try PeerStatePairingTests().exchange()
        let clocks = SyncClocks()
        let running = RunnerProgress(runner: courses.bob, terms: RaceTerms(mode: .race, goal: .standard), phase: .running, elapsed: 50, distance: 200)
        for datagram in bob.publish(running, clocks: clocks) { _ = racing.receive(datagram.bytes, from: PeerStatePairingTests.joinerAddress, clocks: clocks) }
        let kept = try #require(bob.keptRace(as: courses.bob.id, at: Date()))
        var restarted = PeerState(key: nil, capacity: 64, identity: bob.pairingState.keys, epoch: SyncClocks.wallMicroseconds() + 1)
        restarted.learnPeer(PeerStatePairingTests.hostAddress)
        _ = restarted.rejoin(kept, spectators: [])
        for datagram in restarted.publish(running, clocks: clocks) {
            tamper.check(datagram.bytes, to: racing, from: PeerStatePairingTests.joinerAddress, clocks: clocks)
        }

        #expect(tamper.accepted.isEmpty, "tampered and not refused: \(tamper.accepted.sorted())")
        #expect(tamper.refused == Self.signedSubtypes, "not seen: \(Self.signedSubtypes.subtracting(tamper.refused).sorted())")
    }
}
