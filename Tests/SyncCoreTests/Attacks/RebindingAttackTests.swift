@testable import SyncCore
import Domain
import Foundation
import SyncTesting
import SyncWire
import Testing

/// The binding rule's honest exception: a runner restarted on the same host with a new port proves its
/// new address (challenge, echo) and its newer boot moves the binding; from another host it cannot.
@Suite("Attacks: address binding and restarts")
struct RebindingAttackTests {
    static let newPort = PeerAddress(host: AttackRace.bobAddress.host, port: 50_000)

    /// Bob restarted at `address`: a new process (numbers from 1, a newer epoch) that names alice as a peer.
    static func restartBob(in race: inout AttackRace, at address: PeerAddress, rounds: Int) -> (adopted: Int, refused: Int) {
        race.bob = PeerState(key: race.key, capacity: 64, epoch: race.now)
        race.bob.learnPeer(AttackRace.aliceAddress)
        var adopted = 0
        for round in 0..<rounds {
            let clocks = race.clocks
            var queue = race.bob.publish(AttackRace.bobProgress(30 + round), clocks: clocks).map { ($0, address) }
            var hops = 0
            while !queue.isEmpty, hops < 64 {
                hops += 1
                let (datagram, source) = queue.removeFirst()
                if datagram.address == AttackRace.aliceAddress {
                    let effects = race.alice.receive(datagram.bytes, from: source, clocks: clocks)
                    queue += effects.replies.map { (OutgoingDatagram($0, to: source), AttackRace.aliceAddress) }
                } else if datagram.address == address {
                    let effects = race.bob.receive(datagram.bytes, from: AttackRace.aliceAddress, clocks: clocks)
                    adopted += effects.progress.filter { $0.runner.id.rawValue == AttackRace.bobID }.count
                    queue += effects.replies.map { (OutgoingDatagram($0, to: AttackRace.aliceAddress), address) }
                }
            }
            // Alice's own publishes reach bob where she holds him bound.
            for datagram in race.alice.publish(AttackRace.aliceProgress(30 + round), clocks: clocks) where datagram.address == address {
                let effects = race.bob.receive(datagram.bytes, from: AttackRace.aliceAddress, clocks: clocks)
                adopted += effects.progress.filter { $0.runner.id.rawValue == AttackRace.bobID }.count
            }
            race.now += 500_000
        }
        return (adopted, race.alice.statistics.dropped["address-mismatch", default: 0])
    }

    @Test("a restart on a new port of the same host: refused until its address echoed, then rebound and caught up", arguments: [false, true])
    func newPort(keyed: Bool) throws {
        var race = try AttackRace(keyed: keyed)
        race.run(10)
        let outcome = Self.restartBob(in: &race, at: Self.newPort, rounds: 8)
        #expect(outcome.refused >= 1, "its first hello came from an address bob was not bound to")
        #expect(race.alice.directory.boundAddress(of: RunnerID(rawValue: AttackRace.bobID)) == Self.newPort)
        #expect(outcome.adopted >= 1, "bob adopted alice's relay of his state")
    }

    @Test("the same id from another host is never rebound", arguments: [false, true])
    func otherHost(keyed: Bool) throws {
        var race = try AttackRace(keyed: keyed)
        race.run(10)
        let outcome = Self.restartBob(in: &race, at: AttackRace.spoofed, rounds: 8)
        #expect(outcome.refused >= 8)
        #expect(race.alice.directory.boundAddress(of: RunnerID(rawValue: AttackRace.bobID)) == AttackRace.bobAddress)
        #expect(outcome.adopted == 0)
        #expect(race.toSpoofed.datagrams == 0)
    }
}
