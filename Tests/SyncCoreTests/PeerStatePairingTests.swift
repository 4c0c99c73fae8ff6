@testable import SyncCore
import Domain
import Foundation
import SyncWire
import Testing

/// The pairing exchange as the peer state runs it under the lobby (docs/PROTOCOL.md, "Pairing"): the
/// invitation held until the reveal, the code on both sides, the signed decision as the answer, the
/// grant before the start, and both sides keyed with the same race key and race id; a stranger's
/// forged decision and a plain answer from a paired invitee count for nothing.
@Suite("Peer state: pairing under the lobby")
struct PeerStatePairingTests {
    static let hostAddress = PeerAddress(host: "10.0.0.1", port: 47474)
    static let joinerAddress = PeerAddress(host: "10.0.0.2", port: 47474)
    let alice = Runner(id: RunnerID(rawValue: 0xA1), name: "alice")
    let bob = Runner(id: RunnerID(rawValue: 0xB2), name: "bob")
    let now = Date(timeIntervalSince1970: 1_800_000_000)
    let clocks = SyncClocks(microseconds: { 1_000 })
    /// When set, each signed datagram is first received tampered by a copy of its addressee (`SignatureTamper`).
    var tamper: SignatureTamper?

    /// Hands `datagrams` to `state` from `source`; returns the effects, in order.
    func deliver(_ datagrams: [OutgoingDatagram], from source: PeerAddress, to state: inout PeerState) -> [InboundEffects] {
        datagrams.map { datagram in
            tamper?.check(datagram.bytes, to: state, from: source, clocks: clocks)
            return state.receive(datagram.bytes, from: source, clocks: clocks)
        }
    }

    /// The replies of `effects` as datagrams to `address`.
    func replies(_ effects: [InboundEffects], to address: PeerAddress) -> [OutgoingDatagram] {
        effects.flatMap(\.replies).map { OutgoingDatagram($0, to: address) }
    }

    @Test("invitation → offer → reply → reveal: shown with the code both sides have; decision → answer; grant → start; both keyed alike")
    func wholeExchange() throws {
        _ = try exchange()
    }

    /// A whole exchange, both sides keyed at the end: the host's and the joiner's states.
    func exchange() throws -> (PeerState, PeerState) {
        var host = PeerState(key: nil, capacity: 64, identity: DeviceKeys.generate())
        var joiner = PeerState(key: nil, capacity: 64, identity: DeviceKeys.generate())
        // Each has heard the other's presence (addresses by runner).
        joiner.learnPeer(Self.hostAddress)
        host.learnPeer(Self.joinerAddress)
        _ = deliver(joiner.send(.presence(bob, .free), from: bob, to: nil, at: now), from: Self.joinerAddress, to: &host)
        _ = deliver(host.send(.presence(alice, .free), from: alice, to: nil, at: now), from: Self.hostAddress, to: &joiner)
        let offer = InvitationOffer(id: 9, host: alice, terms: RaceTerms(mode: .race, goal: .standard), invitees: [bob.id], sentAt: now, timeout: 30)
        let invitation = host.send(.invitation(offer), from: alice, to: [bob.id], at: now)
        #expect(invitation.count == 2)
        let first = deliver(invitation, from: Self.hostAddress, to: &joiner)
        #expect(first.allSatisfy { $0.lobby == nil })
        let hostSide = deliver(replies(first, to: Self.joinerAddress), from: Self.joinerAddress, to: &host)
        let code = try #require(hostSide.first?.pairingCode?.code)
        #expect(hostSide.first?.message(receivedAt: now) == ReceivedRaceMessage(sender: bob.id, message: .pairingCode(
            invitation: 9, identity: try #require(joiner.pairingState.keys).identity, code: code
        )))
        let revealed = deliver(replies(hostSide, to: Self.hostAddress), from: Self.hostAddress, to: &joiner)
        guard case .invitation(let shown)? = revealed.first?.message(receivedAt: now)?.message else { throw NotShown() }
        #expect(shown.security?.code == code && shown.security?.hostIdentity == host.pairingState.keys?.identity)

        // The answer goes as the signed decision, and reaches the host's lobby as an answer.
        let decision = joiner.send(.answer(invitation: 9, host: alice.id, accepted: true), from: bob, to: [alice.id], at: now)
        #expect(try decision.map { try SyncDatagramCodec.decode($0.bytes).message.type } == [.extended])
        let answered = deliver(decision, from: Self.joinerAddress, to: &host)
        #expect(answered.first?.message(receivedAt: now)?.message == .answer(invitation: 9, host: alice.id, accepted: true))
        // A plain (unsigned) answer in that invitee's name is ignored: only its signed decision counts.
        // (Built with the codec: a peer state would not even send it, having received no invitation.)
        let forged = OutgoingDatagram(SyncDatagramCodec.encode(SyncDatagram(
            sender: bob.id, sequence: 20, message: .answer(invitation: 9, host: alice.id, accepted: false)
        )), to: Self.hostAddress)
        #expect(deliver([forged], from: Self.joinerAddress, to: &host).first?.lobby == nil)
        let start = host.send(.outcome(invitation: 9, .start(at: now.addingTimeInterval(3), runners: [alice.id, bob.id])), from: alice, to: [bob.id], at: now)
        #expect(try start.map { try SyncDatagramCodec.decode($0.bytes).message.type } == [.extended, .extended, .outcome])
        // The start without its grant is held back; with it, it reaches the lobby.
        #expect(deliver(Array(start.suffix(1)), from: Self.hostAddress, to: &joiner).first?.lobby == nil)
        let started = deliver(start, from: Self.hostAddress, to: &joiner)
        #expect(started.last?.lobby != nil)
        let entered = (host.enterRace(invitation: 9), joiner.enterRace(invitation: 9))
        #expect(entered.0 && entered.1)
        #expect(host.key?.raceID == joiner.key?.raceID && host.key?.raceID.count == 16)
        let unknown = joiner.enterRace(invitation: 10)
        #expect(!unknown)
        return (host, joiner)
    }

    struct NotShown: Error {}

    @Test("in the race, a finish counts only with its runner's signed statement: another key holder's forged finish is dropped")
    func signedFinish() throws {
        var (host, joiner) = try exchange()
        let running = RunnerProgress(runner: bob, terms: RaceTerms(mode: .race, goal: .standard), phase: .running, elapsed: 60, distance: 300)
        _ = deliver(joiner.publish(running, clocks: clocks), from: Self.joinerAddress, to: &host)
        // Another key holder (same race key) says bob finished: no statement of bob's, dropped.
        var forger = PeerState(key: host.key, capacity: 64)
        forger.learnPeer(Self.hostAddress)
        var fake = running
        (fake.phase, fake.finishTime, fake.distance) = (.finished, 61, 1_000)
        // Its datagram numbers past bob's, so that the replay window is not what stops it.
        for _ in 0..<40 { _ = forger.publish(running, clocks: clocks) }
        let forged = deliver(forger.publish(fake, clocks: clocks), from: Self.joinerAddress, to: &host)
        #expect(forged.flatMap(\.progress).isEmpty)
        #expect(host.statistics.dropped["unsigned-decision", default: 0] >= 1, "\(host.statistics.dropped)")
        // Bob's own finish comes with his statement and counts.
        var finished = running
        (finished.phase, finished.elapsed, finished.finishTime, finished.distance) = (.finished, 400, 399, 1_000)
        let sent = joiner.publish(finished, clocks: clocks)
        #expect(try sent.contains { try SyncDatagramCodec.decode($0.bytes, key: joiner.key).message.type == .extended })
        let applied = deliver(sent, from: Self.joinerAddress, to: &host).flatMap(\.progress)
        #expect(applied.last?.phase == .finished)
    }
}
