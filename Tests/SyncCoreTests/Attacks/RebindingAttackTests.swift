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

    /// Bob restarted at `address`: a new process (a newer epoch, its numbers above those it kept as used,
    /// `OwnStateStore`) that names alice as a peer. Counts the states about bob that bob adopted (none:
    /// relays are never adopted), alice's refusals for the address, and bob's updates alice took.
    static func restartBob(in race: inout AttackRace, at address: PeerAddress, rounds: Int) -> (adopted: Int, refused: Int, taken: Int) {
        let used = race.alice.directory.records[RunnerID(rawValue: AttackRace.bobID)]?.highest
        race.bob = PeerState(key: race.key, capacity: 64, epoch: race.now)
        race.bob.outbox.keepNumbers(usedBelow: used.map { $0 + 1 })
        race.bob.learnPeer(AttackRace.aliceAddress)
        var adopted = 0
        var taken = 0
        for round in 0..<rounds {
            let clocks = race.clocks
            var queue = race.bob.publish(AttackRace.bobProgress(30 + round), clocks: clocks).map { ($0, address) }
            var hops = 0
            while !queue.isEmpty, hops < 64 {
                hops += 1
                let (datagram, source) = queue.removeFirst()
                if datagram.address == AttackRace.aliceAddress {
                    let effects = race.alice.receive(datagram.bytes, from: source, clocks: clocks)
                    taken += effects.progress.filter { $0.runner.id.rawValue == AttackRace.bobID }.count
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
        return (adopted, race.alice.statistics.dropped["address-mismatch", default: 0], taken)
    }

    @Test("a restart on a new port of the same host: refused until its address echoed, then rebound; its numbers go on and alice takes its updates; her relays of its state are not adopted", arguments: [false, true])
    func newPort(keyed: Bool) throws {
        var race = try AttackRace(keyed: keyed)
        race.run(10)
        let outcome = Self.restartBob(in: &race, at: Self.newPort, rounds: 8)
        #expect(outcome.refused >= 1, "its first hello came from an address bob was not bound to")
        #expect(race.alice.directory.boundAddress(of: RunnerID(rawValue: AttackRace.bobID)) == Self.newPort)
        #expect(outcome.taken >= 1, "alice took bob's updates from his new port")
        #expect(outcome.adopted == 0 && race.bob.statistics.dropped["relay-ignored", default: 0] >= 1, "\(race.bob.statistics.dropped)")
    }

    @Test("the same id from another host is never rebound", arguments: [false, true])
    func otherHost(keyed: Bool) throws {
        var race = try AttackRace(keyed: keyed)
        race.run(10)
        let outcome = Self.restartBob(in: &race, at: AttackRace.spoofed, rounds: 8)
        #expect(outcome.refused >= 8)
        #expect(race.alice.directory.boundAddress(of: RunnerID(rawValue: AttackRace.bobID)) == AttackRace.bobAddress)
        #expect(outcome.adopted == 0 && outcome.taken == 0)
        #expect(race.toSpoofed.datagrams == 0)
    }
}
