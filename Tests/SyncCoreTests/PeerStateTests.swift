@testable import SyncCore
import Domain
import Foundation
import SyncTesting
import SyncWire
import Testing

/// The sync peer's state as a pure value: what it sends for a publish, what a datagram does to it and
/// what it answers, with the clocks given, no socket and no waiting.
@Suite("Peer state without sockets")
struct PeerStateTests {
    static let aliceAddress = PeerAddress(host: "10.0.0.1", port: 47474)
    static let bobAddress = PeerAddress(host: "10.0.0.2", port: 47474)
    /// Bob's id is the lower: he hosts the race clock.
    static let alice = SyncSample.progress(id: 0xA11CE, name: "alice")
    static let bob = SyncSample.progress(id: 0xB0, name: "bob")

    /// A wall clock that reads `microseconds`.
    static func clocks(_ microseconds: UInt64) -> SyncClocks {
        SyncClocks(microseconds: { microseconds })
    }

    /// Delivers `datagrams` (all from `source`) to `state`; returns the effects, in order.
    static func deliver(_ datagrams: [OutgoingDatagram], from source: PeerAddress, to state: inout PeerState,
                        at microseconds: UInt64 = 1_000) -> [InboundEffects] {
        datagrams.map { state.receive($0.bytes, from: source, clocks: clocks(microseconds)) }
    }

    @Test("a first publish is a hello, the progress and a boot to every peer; the mate applies the progress and learns the sender")
    func publishAndReceive() throws {
        var alice = PeerState(key: nil, capacity: 64, epoch: 7)
        var bob = PeerState(key: nil, capacity: 64, epoch: 9)
        alice.learnPeer(Self.bobAddress)
        let sent = alice.publish(Self.alice, clocks: Self.clocks(1_000))
        #expect(sent.map(\.address) == [Self.bobAddress, Self.bobAddress, Self.bobAddress])
        let types = try sent.map { try SyncDatagramCodec.decode($0.bytes).message.type }
        #expect(types == [.hello, .progress, .boot])
        let effects = Self.deliver(sent, from: Self.aliceAddress, to: &bob)
        #expect(effects.flatMap(\.progress).map(\.state) == [Self.alice.state])
        // Bob learned alice's address from her hello: his only answer is an address challenge.
        let replies = try effects.flatMap(\.replies).map { try SyncDatagramCodec.decode($0).message.type }
        #expect(replies == [.extended])
        #expect(bob.peers == [Self.aliceAddress])
        #expect(bob.statistics.dropped.isEmpty)
    }

    @Test("progress before its sender's hello changes nothing but the drop count")
    func progressBeforeHello() throws {
        var alice = PeerState(key: nil, capacity: 64)
        var bob = PeerState(key: nil, capacity: 64)
        alice.learnPeer(Self.bobAddress)
        let progress = alice.publish(Self.alice, clocks: Self.clocks(1_000))[1]
        let effects = Self.deliver([progress], from: Self.aliceAddress, to: &bob)
        #expect(effects.flatMap(\.progress).isEmpty)
        #expect(bob.peers.isEmpty)
        #expect(bob.statistics.dropped == ["unknown-sender": 1])
        #expect(bob.statistics.datagramsReceived == 0, "counted by the caller once the effects are delivered")
    }

    @Test("a ping goes to the clock host with the hello; the host answers at once with its clock; the pong gives an estimate")
    func clockExchange() throws {
        var alice = PeerState(key: nil, capacity: 64)
        var bob = PeerState(key: nil, capacity: 64)
        alice.learnPeer(Self.bobAddress)
        bob.learnPeer(Self.aliceAddress)
        _ = Self.deliver(bob.publish(Self.bob, clocks: Self.clocks(0)), from: Self.bobAddress, to: &alice)
        let sent = alice.publish(Self.alice, clocks: Self.clocks(1_000_000))
        // The host is chosen among the runners of our race: known once our own terms are (our first publish).
        #expect(alice.clock.host(me: Self.alice.runner.id) == Self.bob.runner.id)
        let ping = try #require(sent.last)
        #expect(try SyncDatagramCodec.decode(ping.bytes).message == .clockPing(t1: 1_000_000))
        // Bob's clock is 5 s ahead; the datagram takes 1 ms each way.
        let answer = Self.deliver([ping], from: Self.aliceAddress, to: &bob, at: 6_001_000)
        let pong = try #require(answer.first?.replies.first)
        #expect(try SyncDatagramCodec.decode(pong).message
            == .clockPong(requester: Self.alice.runner.id, t1: 1_000_000, t2: 6_001_000, t3: 6_001_000))
        #expect(bob.statistics.datagramsSent == 1, "an answer is counted as sent when it is handed back")
        let done = alice.receive(pong, from: Self.bobAddress, clocks: Self.clocks(1_002_000))
        #expect(done.progress.isEmpty)
        #expect(alice.statistics.received["clock-pong"] == 1)
        let offset = try #require(alice.clock.estimate.offset)
        #expect(abs(offset - 5) < 1e-6, "bob is 5 s ahead: \(offset)")
    }

    @Test("nothing is sent to our own address, even when it was learned as a peer")
    func ownAddress() {
        var alice = PeerState(key: nil, capacity: 64)
        alice.localAddress = Self.aliceAddress
        alice.learnPeer(Self.aliceAddress)
        alice.learnPeer(Self.bobAddress)
        let sent = alice.publish(Self.alice, clocks: Self.clocks(1_000))
        #expect(Set(sent.map(\.address)) == [Self.bobAddress])
    }

    @Test("a presence is delivered as a lobby message from its sender, timed on the race clock, and its source noted")
    func lobbyMessage() throws {
        var alice = PeerState(key: nil, capacity: 64)
        var bob = PeerState(key: nil, capacity: 64)
        alice.learnPeer(Self.bobAddress)
        let me = Self.alice.runner
        let sent = alice.send(.presence(me, .free), from: me, to: nil, at: Date(timeIntervalSince1970: 0))
        let effects = Self.deliver(sent, from: Self.aliceAddress, to: &bob)
        let received = effects.compactMap { $0.message(receivedAt: Date(timeIntervalSince1970: 1_795_000_000)) }
        #expect(received == [ReceivedRaceMessage(sender: me.id, message: .presence(me, .free))])
        #expect(bob.admission.startingRunner(me.id) == StartingRunner(id: me.id, ipv4: 0x0A00_0001, port: 47474))
        #expect(bob.statistics.received["presence"] == 1)
    }
}
