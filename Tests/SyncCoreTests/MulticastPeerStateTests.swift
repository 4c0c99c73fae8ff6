@testable import SyncCore
import Domain
import Foundation
import SyncTesting
import SyncWire
import Testing

/// Multicast as the peer state does it (docs/PROTOCOL.md, "Multicast"), without sockets: what goes to the
/// group and what still goes unicast, the group hearing reports that stop unicast copies, and what a
/// datagram heard on the group does and does not do.
@Suite("Multicast in the peer state")
struct MulticastPeerStateTests {
    static let group = PeerAddress(host: "239.255.150.7", port: MulticastGroup.port)
    static let aliceAddress = PeerAddressFixtures.alice
    static let bobAddress = PeerAddressFixtures.bob
    static let carolAddress = PeerAddressFixtures.carol
    static let alice = SyncSample.progress(id: 0xA11CE, name: "alice")
    static let bob = SyncSample.progress(id: 0xB0, name: "bob")
    static let carol = SyncSample.progress(id: 0xCA, name: "carol")

    static func clocks(_ microseconds: UInt64) -> SyncClocks {
        SyncClocks(microseconds: { microseconds })
    }

    /// A peer on the group at `address` that knows the others as peers (validated, as `--peer` or discovery).
    static func peer(at address: PeerAddress, knowing others: [PeerAddress], key: RaceKey? = nil) -> PeerState {
        var state = PeerState(key: key, capacity: 64, epoch: 7)
        state.localAddress = address
        state.multicast.group = group
        for other in others { state.learnPeer(other) }
        return state
    }

    /// Hands each datagram to the peers it is for: to the group's members (all but the sender) or to the one at its address.
    static func route(
        _ datagrams: [OutgoingDatagram], from source: PeerAddress, to peers: inout [PeerAddress: PeerState], at now: UInt64
    ) -> [InboundEffects] {
        var effects: [InboundEffects] = []
        for datagram in datagrams {
            let viaGroup = datagram.address == group
            for address in peers.keys.sorted(by: { $0.host < $1.host }) where address != source && (viaGroup || address == datagram.address) {
                effects.append(peers[address]!.receive(datagram.bytes, from: source, clocks: clocks(now), viaGroup: viaGroup))
            }
        }
        return effects
    }

    static func types(_ datagrams: [OutgoingDatagram], to address: PeerAddress) throws -> [MessageType] {
        try datagrams.filter { $0.address == address }.map { try SyncDatagramCodec.decode($0.bytes).message.type }
    }

    @Test("what goes out is counted by message type, the group's share apart; a refused send only as a failure")
    func sentByType() throws {
        var alice = Self.peer(at: Self.aliceAddress, knowing: [Self.bobAddress, Self.carolAddress])
        let first = alice.publish(Self.alice, clocks: Self.clocks(1_000_000))
        for datagram in first { alice.countSend(datagram.bytes, to: datagram.address, sent: true) }
        alice.countSend(first[0].bytes, to: first[0].address, sent: false)
        #expect(alice.statistics.sentByType == ["hello": 3, "progress": 3, "boot": 3], "the group and two mates, each a hello, a progress and a boot")
        #expect(alice.statistics.groupSentByType == ["hello": 1, "progress": 1, "boot": 1])
        #expect(alice.statistics.datagramsSent == 9)
        #expect(alice.statistics.sendFailures == 1)
    }

    @Test("a publish goes once to the group, and unicast copies to each mate until it reports hearing us there")
    func unicastUntilHeard() throws {
        var peers = [
            Self.aliceAddress: Self.peer(at: Self.aliceAddress, knowing: [Self.bobAddress, Self.carolAddress]),
            Self.bobAddress: Self.peer(at: Self.bobAddress, knowing: [Self.aliceAddress, Self.carolAddress]),
            Self.carolAddress: Self.peer(at: Self.carolAddress, knowing: [Self.aliceAddress, Self.bobAddress]),
        ]
        let first = peers[Self.aliceAddress]!.publish(Self.alice, clocks: Self.clocks(1_000_000))
        #expect(try Self.types(first, to: Self.group) == [.hello, .progress, .boot])
        #expect(try Self.types(first, to: Self.bobAddress) == [.hello, .progress, .boot], "nobody reported hearing alice yet")
        _ = Self.route(first, from: Self.aliceAddress, to: &peers, at: 1_000_000)
        #expect(peers[Self.bobAddress]!.statistics.groupReceived == 3)
        #expect(peers[Self.bobAddress]!.statistics.dropped["duplicate"] == nil, "an open race has no replay window")

        // Bob and carol publish with a hello: each reports hearing alice on the group.
        for (address, progress) in [(Self.bobAddress, Self.bob), (Self.carolAddress, Self.carol)] {
            let sent = peers[address]!.publish(progress, clocks: Self.clocks(1_100_000))
            let reports = try sent.filter { $0.address == Self.group }.map { try SyncDatagramCodec.decode($0.bytes).message }
            let named = reports.flatMap { message -> [RunnerID] in
                if case .extended(.groupHearing(let runners)) = message { return runners }
                return []
            }
            #expect(named.contains(Self.alice.runner.id))
            let toGroup = sent.filter { $0.address == Self.group }.count
            #expect(peers[address]!.statistics.groupSent == toGroup, "every datagram to the group counts, the reports too")
            #expect(sent.allSatisfy { $0.address == Self.group || (try? SyncDatagramCodec.decode($0.bytes).message.type) != .extended })
            _ = Self.route(sent, from: address, to: &peers, at: 1_100_000)
        }
        // From now on alice's datagrams to everyone go to the group alone.
        let later = peers[Self.aliceAddress]!.publish(Self.alice, clocks: Self.clocks(1_200_000))
        // Its own report (it heard bob and carol on the group) goes with this publish, which has no hello.
        #expect(try Self.types(later, to: Self.group) == [.progress, .extended])
        #expect(later.allSatisfy { $0.address == Self.group }, "no unicast copies: \(later.map(\.address))")
        // Until the reports stop: a lease later (20 s) bob and carol get copies again.
        let lapsed = peers[Self.aliceAddress]!.publish(Self.alice, clocks: Self.clocks(1_200_000 + GroupHearing.listenerLease + 1))
        #expect(Set(lapsed.map(\.address)) == [Self.group, Self.bobAddress, Self.carolAddress])
    }

    @Test("a group that carries both ways: no copies to a mate heard there, no report but the empty one")
    func bothWaysGroup() throws {
        var peers = [
            Self.aliceAddress: Self.peer(at: Self.aliceAddress, knowing: [Self.bobAddress]),
            Self.bobAddress: Self.peer(at: Self.bobAddress, knowing: [Self.aliceAddress]),
        ]
        for address in peers.keys { peers[address]!.multicast.heardMeansListening = true }
        let first = peers[Self.aliceAddress]!.publish(Self.alice, clocks: Self.clocks(1_000_000))
        #expect(first.contains { $0.address == Self.bobAddress }, "bob not heard yet: copies")
        _ = Self.route(first, from: Self.aliceAddress, to: &peers, at: 1_000_000)
        // Bob heard alice: no report from him, and no copies to alice once she heard him.
        let bobs = peers[Self.bobAddress]!.publish(Self.bob, clocks: Self.clocks(1_100_000))
        #expect(try bobs.allSatisfy { try SyncDatagramCodec.decode($0.bytes).message.type != .extended }, "no report")
        // Alice heard on the group: no copies (an acknowledgement of her unicast copy still goes to her alone).
        let toAlice = try Self.types(bobs, to: Self.aliceAddress)
        #expect(toAlice.allSatisfy { $0 == .acknowledgement }, "\(toAlice)")
        #expect(try !Self.types(bobs, to: Self.group).isEmpty)
        _ = Self.route(bobs, from: Self.bobAddress, to: &peers, at: 1_100_000)
        let later = peers[Self.aliceAddress]!.publish(Self.alice, clocks: Self.clocks(1_200_000))
        #expect(later.allSatisfy { $0.address == Self.group }, "\(later.map(\.address))")
        // The group stops reaching bob: past the window his empty report goes, to the group and to alice.
        let silent = 1_200_000 + GroupHearing.heardWindow + 1
        let sent = peers[Self.bobAddress]!.publish(Self.bob, clocks: Self.clocks(silent))
        let empties = try sent.filter { try SyncDatagramCodec.decode($0.bytes).message == .extended(.groupHearing([])) }
        #expect(Set(empties.map(\.address)) == [Self.group, Self.aliceAddress])
        _ = Self.route(sent, from: Self.bobAddress, to: &peers, at: silent)
        let after = peers[Self.aliceAddress]!.publish(Self.alice, clocks: Self.clocks(silent + 100_000))
        #expect(after.contains { $0.address == Self.bobAddress }, "copies to bob again, whatever he sends on the group")
    }

    @Test("a mate the group stops reaching says so with an empty report, to the group and to us, and gets copies at once, well within the lease")
    func emptyReportBringsCopiesBack() throws {
        var peers = [
            Self.aliceAddress: Self.peer(at: Self.aliceAddress, knowing: [Self.bobAddress]),
            Self.bobAddress: Self.peer(at: Self.bobAddress, knowing: [Self.aliceAddress]),
        ]
        _ = Self.route(peers[Self.aliceAddress]!.publish(Self.alice, clocks: Self.clocks(1_000_000)), from: Self.aliceAddress, to: &peers, at: 1_000_000)
        _ = Self.route(peers[Self.bobAddress]!.publish(Self.bob, clocks: Self.clocks(1_100_000)), from: Self.bobAddress, to: &peers, at: 1_100_000)
        let heard = peers[Self.aliceAddress]!.publish(Self.alice, clocks: Self.clocks(1_200_000))
        #expect(heard.allSatisfy { $0.address == Self.group }, "bob reported hearing alice: no copies")
        // The group stops reaching bob: alice's datagrams no longer arrive; past the window he says so.
        let silent = 1_200_000 + GroupHearing.heardWindow + 1
        let sent = peers[Self.bobAddress]!.publish(Self.bob, clocks: Self.clocks(silent))
        let empties = try sent.filter { try SyncDatagramCodec.decode($0.bytes).message == .extended(.groupHearing([])) }
        #expect(Set(empties.map(\.address)) == [Self.group, Self.aliceAddress])
        _ = Self.route(sent, from: Self.bobAddress, to: &peers, at: silent)
        let after = peers[Self.aliceAddress]!.publish(Self.alice, clocks: Self.clocks(silent + 100_000))
        #expect(silent + 100_000 < 1_100_000 + GroupHearing.listenerLease, "the lease on bob has not ended")
        #expect(after.contains { $0.address == Self.bobAddress }, "copies to bob again: \(after.map(\.address))")
    }

    @Test("a mate that never reports hearing the group keeps getting every update unicast, as deltas against what it acknowledged")
    func deafMateKeepsUnicast() throws {
        var alice = Self.peer(at: Self.aliceAddress, knowing: [Self.bobAddress])
        var bob = PeerState(key: nil, capacity: 64, epoch: 7)   // not on the group: multicast does not pass to him
        bob.localAddress = Self.bobAddress
        bob.learnPeer(Self.aliceAddress)
        var sentToBob = 0
        for tick in 0..<12 {
            let now = UInt64(1_000_000 + tick * 100_000)
            let sent = alice.publish(Self.alice, clocks: Self.clocks(now))
            let forBob = sent.filter { $0.address == Self.bobAddress }
            sentToBob += try forBob.filter { try SyncDatagramCodec.decode($0.bytes).message.type != .hello }.count
            for datagram in forBob { _ = bob.receive(datagram.bytes, from: Self.aliceAddress, clocks: Self.clocks(now)) }
            for datagram in bob.publish(Self.bob, clocks: Self.clocks(now)) where datagram.address == Self.aliceAddress {
                _ = alice.receive(datagram.bytes, from: Self.bobAddress, clocks: Self.clocks(now))
            }
        }
        #expect(sentToBob >= 12)
        #expect(alice.deltas.sizes.deltas > 0, "bob acknowledged unicast progress: he gets deltas")
        #expect(bob.statistics.dropped.isEmpty)
    }

    @Test("progress heard on the group is applied and held but never acknowledged (the group gets full states)")
    func noAcknowledgementForGroupProgress() throws {
        var alice = Self.peer(at: Self.aliceAddress, knowing: [Self.bobAddress])
        var bob = Self.peer(at: Self.bobAddress, knowing: [Self.aliceAddress])
        let sent = alice.publish(Self.alice, clocks: Self.clocks(1_000_000)).filter { $0.address == Self.group }
        let effects = sent.map { bob.receive($0.bytes, from: Self.aliceAddress, clocks: Self.clocks(1_000_000), viaGroup: true) }
        #expect(effects.flatMap(\.progress).map(\.state) == [Self.alice.state])
        #expect(bob.deltas.acknowledgementsDue().isEmpty)
    }

    @Test("our own datagrams looped back on the group are no drop; in a keyed race the unicast copy of a group datagram is a duplicate, not a replay")
    func ownEchoAndDuplicates() throws {
        let key = try RaceKey.testing("multicast")
        var alice = Self.peer(at: Self.aliceAddress, knowing: [Self.bobAddress], key: key)
        var bob = Self.peer(at: Self.bobAddress, knowing: [Self.aliceAddress], key: key)
        let sent = alice.publish(Self.alice, clocks: Self.clocks(1_000_000))
        for datagram in sent where datagram.address == Self.group {
            _ = alice.receive(datagram.bytes, from: Self.aliceAddress, clocks: Self.clocks(1_000_000), viaGroup: true)
        }
        #expect(alice.statistics.dropped.isEmpty)
        #expect(alice.statistics.groupReceived == 0)
        for datagram in sent {
            _ = bob.receive(datagram.bytes, from: Self.aliceAddress, clocks: Self.clocks(1_000_000), viaGroup: datagram.address == Self.group)
        }
        #expect(bob.statistics.dropped == ["duplicate": 3])
        // A datagram far below the window is still a replay.
        var window = ReplayWindow()
        let accepted = window.accept(100)
        #expect(accepted)
        #expect(window.hasSeen(100))
        #expect(!window.hasSeen(99))
        #expect(!window.hasSeen(30))
    }

    @Test("a report from one runner does not stop copies to an address where another runner, not reporting, is bound")
    func sharedAddress() throws {
        var alice = Self.peer(at: Self.aliceAddress, knowing: [Self.bobAddress])
        var bob = Self.peer(at: Self.bobAddress, knowing: [Self.aliceAddress])
        _ = bob.receive(alice.publish(Self.alice, clocks: Self.clocks(1_000_000))[0].bytes, from: Self.aliceAddress, clocks: Self.clocks(1_000_000), viaGroup: true)
        for datagram in bob.publish(Self.bob, clocks: Self.clocks(1_000_000)) where datagram.address != Self.aliceAddress {
            _ = alice.receive(datagram.bytes, from: Self.bobAddress, clocks: Self.clocks(1_000_000), viaGroup: true)
        }
        #expect(alice.unicastRecipients(now: 1_100_000).isEmpty)
        // A second runner at bob's address (another process behind the same address: a relay), not reporting.
        var dave = Self.peer(at: Self.bobAddress, knowing: [Self.aliceAddress])
        for datagram in dave.publish(SyncSample.progress(id: 0xDA, name: "dave"), clocks: Self.clocks(1_100_000)) where datagram.address == Self.aliceAddress {
            _ = alice.receive(datagram.bytes, from: Self.bobAddress, clocks: Self.clocks(1_100_000))
        }
        #expect(alice.unicastRecipients(now: 1_200_000) == [Self.bobAddress])
    }
}

/// Addresses of three hosts on one network.
enum PeerAddressFixtures {
    static let alice = PeerAddress(host: "10.0.0.1", port: 47474)
    static let bob = PeerAddress(host: "10.0.0.2", port: 47474)
    static let carol = PeerAddress(host: "10.0.0.3", port: 47474)
}

@Suite("Multicast group, interface and hearing")
struct MulticastGroupTests {
    static let fiveK = RaceTerms(mode: .race, goal: RaceGoal(centimetres: 500_000))
    static let key = try! RaceKey.testing("multicast")

    @Test("the group is named by the race: the same for the same terms or key, another for other terms or another key, always in 239.255.100-199.x")
    func groupNaming() throws {
        let open = MulticastGroup.address(terms: Self.fiveK, key: nil)
        #expect(open == MulticastGroup.address(terms: Self.fiveK, key: nil))
        #expect(open != MulticastGroup.address(terms: RaceTerms(mode: .race, goal: RaceGoal(centimetres: 1_000_000)), key: nil))
        let keyed = MulticastGroup.address(terms: Self.fiveK, key: Self.key)
        #expect(keyed != open)
        #expect(keyed == MulticastGroup.address(terms: RaceTerms(mode: .team, goal: RaceGoal(centimetres: 100)), key: Self.key), "a keyed race's group is its key's")
        var seen = Set<String>()
        for centimetres in stride(from: UInt32(10_000), to: 1_000_000, by: 10_000) {
            for mode in RaceMode.allCases {
                let group = MulticastGroup.address(terms: RaceTerms(mode: mode, goal: RaceGoal(centimetres: centimetres)), key: nil)
                let octets = group.host.split(separator: ".").compactMap { Int($0) }
                #expect(octets.count == 4 && octets[0] == 239 && octets[1] == 255 && (100...199).contains(octets[2]) && (1...254).contains(octets[3]))
                #expect(group.port == MulticastGroup.port)
                seen.insert(group.host)
            }
        }
        #expect(seen.count > 250, "groups spread: \(seen.count) of 297")
    }

    @Test("hearing: a report with a hello at most every 2 s, at once for a new sender, forgetting senders silent for 6 s; more than 54 in two reports")
    func reports() {
        var hearing = GroupHearing(capacity: 64)
        #expect(hearing.reportsDue(now: 0).isEmpty, "not on a group")
        hearing.group = PeerAddress(host: "239.255.150.7", port: MulticastGroup.port)
        #expect(hearing.reportsDue(now: 0).isEmpty, "nobody heard")
        let a = RunnerID(rawValue: 1), b = RunnerID(rawValue: 2)
        hearing.heardOnGroup(a, now: 1_000_000)
        #expect(hearing.reportsDue(now: 1_000_000) == [[a]])
        #expect(hearing.reportsDue(now: 1_500_000).isEmpty, "reported 0.5 s ago, nobody new")
        hearing.heardOnGroup(b, now: 1_600_000)
        #expect(hearing.reportsDue(now: 1_600_000) == [[a, b]], "a new sender: at once")
        hearing.heardOnGroup(b, now: 4_000_000)
        #expect(hearing.reportsDue(now: 3_700_000) == [[a, b]], "2 s on: again")
        #expect(hearing.reportsDue(now: 7_500_000) == [[b]], "a silent for over 6 s")
        for raw in 10..<80 { hearing.heardOnGroup(RunnerID(rawValue: UInt64(raw)), now: 8_000_000) }
        let many = hearing.reportsDue(now: 8_000_000)
        #expect(many.map(\.count) == [54, 10])
        // As a sender: a report naming us makes its sender a listener for the lease.
        let me = RunnerID(rawValue: 99)
        hearing.report(from: a, naming: [b], me: me, now: 0)
        #expect(!hearing.listens(a, now: 0))
        hearing.report(from: a, naming: [b, me], me: me, now: 0)
        #expect(hearing.listens(a, now: GroupHearing.listenerLease))
        #expect(!hearing.listens(a, now: GroupHearing.listenerLease + 1))
        hearing.forget(a)
        #expect(!hearing.listens(a, now: 0))
    }

    @Test("hearing nobody on the group any more: one empty report, then none; a mate's empty report ends its lease at once")
    func emptyReport() {
        var hearing = GroupHearing(capacity: 64)
        hearing.group = PeerAddress(host: "239.255.150.7", port: MulticastGroup.port)
        let a = RunnerID(rawValue: 1), me = RunnerID(rawValue: 99)
        #expect(hearing.reportsDue(now: 0).isEmpty, "never heard anyone: nothing to take back")
        hearing.heardOnGroup(a, now: 1_000_000)
        #expect(hearing.reportsDue(now: 1_000_000) == [[a]])
        #expect(hearing.reportsDue(now: 1_000_000 + GroupHearing.heardWindow) == [[a]], "a still within the window: the periodic report")
        #expect(hearing.reportsDue(now: 1_000_001 + GroupHearing.heardWindow) == [[]], "a silent past the window: say we hear nobody")
        #expect(hearing.reportsDue(now: 20_000_000).isEmpty, "said once")
        hearing.heardOnGroup(a, now: 21_000_000)
        #expect(hearing.reportsDue(now: 21_000_000) == [[a]], "heard again: reported at once")
        // As a sender: a listener's empty report ends its lease before the lease would.
        hearing.report(from: a, naming: [me], me: me, now: 0)
        #expect(hearing.listens(a, now: 1_000_000))
        hearing.report(from: a, naming: [], me: me, now: 1_000_000)
        #expect(!hearing.listens(a, now: 1_000_000))
        hearing.report(from: a, naming: [me], me: me, now: 2_000_000)
        #expect(hearing.listens(a, now: 2_000_000), "and a later report naming us makes it a listener again")
    }

    @Test("a group that carries both ways: a mate heard there listens, renewed by each datagram, until an empty report")
    func heardMeansListening() {
        let a = RunnerID(rawValue: 1), b = RunnerID(rawValue: 2), me = RunnerID(rawValue: 99)
        let lease = GroupHearing.listenerLease
        for bothWays in [false, true] {
            var hearing = GroupHearing(capacity: 64)
            hearing.group = PeerAddress(host: "239.255.150.7", port: MulticastGroup.port)
            hearing.heardMeansListening = bothWays
            // Heard on the group before any report (reports stuck behind a full queue, or not sent yet).
            hearing.heardOnGroup(b, now: 1_000)
            #expect(hearing.listens(b, now: 1_000) == bothWays, "heard, never reported: \(bothWays)")
            hearing.report(from: a, naming: [me], me: me, now: 0)
            // a's reports are late (an overloaded mate), its progress on the group keeps coming.
            hearing.heardOnGroup(a, now: lease - 1)
            #expect(hearing.listens(a, now: lease + 1) == bothWays, "renewed by what a sent on the group: \(bothWays)")
            // Its empty report ends the lease; what it sends after does not start one, until it reports hearing again.
            hearing.report(from: a, naming: [], me: me, now: lease)
            hearing.heardOnGroup(a, now: lease + 1)
            #expect(!hearing.listens(a, now: lease + 1))
            hearing.report(from: a, naming: [b], me: me, now: lease + 2)
            hearing.heardOnGroup(a, now: lease + 3)
            #expect(hearing.listens(a, now: lease + 3) == bothWays, "hears the group again, not us yet: \(bothWays)")
            hearing.forget(b)
            #expect(!hearing.listens(b, now: 1_000))
        }
    }

    @Test("the group is named by the terms and the key, and named again when the key changes (an invited race entering its key)")
    func groupFollowsKey() throws {
        var state = PeerState(key: nil, capacity: 64, epoch: 7)
        let terms = SyncSample.terms
        let open = MulticastGroup.address(terms: terms, key: nil)
        #expect(state.groupAddress(for: terms) == open)
        let key = try RaceKey.testing("lake run")
        state.key = key
        #expect(state.groupAddress(for: terms) == MulticastGroup.address(terms: terms, key: key))
        #expect(state.groupAddress(for: terms) != open)
        var other = terms
        other.goal = RaceGoal(centimetres: terms.goal.centimetres + 100_000)
        #expect(state.groupAddress(for: other) == MulticastGroup.address(terms: other, key: key))
    }
}
