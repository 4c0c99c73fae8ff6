@testable import Data
import Domain
import SyncWire
import Testing

/// Restart catch-up in an invited race: no restarted process can hold its race key, so a newer boot
/// epoch or a relayed state there comes from another key holder and is refused.
@Suite("Peer state: no catch-up in an invited race")
struct InvitedCatchUpTests {
    @Test("a newer boot of a runner and a relayed state about us are dropped as unsigned-decision")
    func refused() throws {
        var (host, joiner) = try PeerStatePairingTests().exchange()
        // Wall clocks: boots are stamped on them, and one ahead of our clock is refused for that (boot-ahead).
        let clocks = SyncClocks()
        let running = RunnerProgress(runner: Runner(id: RunnerID(rawValue: 0xB2), name: "bob"), terms: RaceTerms(mode: .race, goal: .standard), phase: .running, elapsed: 5, distance: 10)
        for datagram in joiner.publish(running, clocks: clocks) { _ = host.receive(datagram.bytes, from: PeerStatePairingTests.joinerAddress, clocks: clocks) }
        // Another key holder: bob's id, a newer epoch (now: after bob's own boot, not ahead of the clock).
        var forger = PeerState(key: host.key, capacity: 64, epoch: SyncClocks.wallMicroseconds() + 1)
        forger.learnPeer(PeerStatePairingTests.hostAddress)
        for datagram in forger.publish(running, clocks: clocks) { _ = host.receive(datagram.bytes, from: PeerStatePairingTests.joinerAddress, clocks: clocks) }
        #expect(host.statistics.dropped["unsigned-decision", default: 0] >= 1, "\(host.statistics.dropped)")
        // A relayed state about bob, sent to bob by a key holder posing as alice.
        var relayer = PeerState(key: joiner.key, capacity: 64)
        let relay = relayer.outbox.datagram(
            saying: .relayedState(subject: running.runner.id, highestNumber: 9_999, heldSequence: 1, report: ProgressReportDTO(running)),
            as: RunnerID(rawValue: 0xA1)
        )
        let effects = joiner.receive(relayer.encode(relay), from: PeerStatePairingTests.hostAddress, clocks: clocks)
        #expect(effects.progress.isEmpty && joiner.statistics.dropped["unsigned-decision", default: 0] == 1)
    }
}
