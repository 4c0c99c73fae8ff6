import Data
import Domain
import Foundation
import MateRunnerTesting
import SyncWire
import Testing

/// The race clock over loopback: the lowest id is the host, the others ping it with every hello and
/// estimate its clock. Both sockets share this machine's clock, so the true offset is 0 and must lie
/// within the reported uncertainty.
@Suite("Race clock over loopback")
struct RaceClockSyncTests {
    @Test("the higher id pings the lower one; its estimate brackets the true offset 0", arguments: [nil, "clock key"])
    func estimate(passphrase: String?) async throws {
        let key = try passphrase.map { try RaceKey.testing($0) }
        let host = try await UDPRaceSyncRepository.bind(host: "127.0.0.1", port: 0, key: key)
        let mate = try await UDPRaceSyncRepository.bind(host: "127.0.0.1", port: 0, key: key)
        defer { Task { await host.close(); await mate.close() } }
        try host.addPeer(PeerAddress(host: "127.0.0.1", port: mate.localPort))
        let hostProgress = SyncSample.progress(id: 0x1, name: "host")
        let mateProgress = SyncSample.progress(id: 0x2, name: "mate")
        await host.publish(hostProgress)
        try await withHangGuard("the mate hearing the host") {
            while mate.statistics.datagramsReceived == 0 { try await Task.sleep(for: .milliseconds(1)) }
        }
        // The mate learned the host's address from its hello: it pings it once it echoed our cookie.
        try await waitForValidation(of: mate)
        // Rounds of 4 publishes, each with one hello (and from the mate one ping), until 3 pongs came back:
        // bounded (100 rounds), and a datagram lost on a loaded machine costs a round, not the test.
        try await withHangGuard("3 pongs at the mate") {
            for _ in 0..<100 where mate.statistics.received["clock-pong", default: 0] < 3 {
                await host.publish(hostProgress)
                for _ in 0..<4 { await mate.publish(mateProgress) }
                try await Task.sleep(for: .milliseconds(5))
            }
        }
        #expect(mate.statistics.received["clock-pong", default: 0] >= 3)
        #expect(host.clockHost(me: hostProgress.runner.id) == hostProgress.runner.id)
        #expect(mate.clockHost(me: mateProgress.runner.id) == hostProgress.runner.id)
        #expect(host.clockEstimate.exchanges.isEmpty)
        let estimate = mate.clockEstimate
        #expect(estimate.exchanges.count >= 3, "\(estimate.exchanges), mate dropped \(mate.statistics.dropped)")
        let offset = try #require(estimate.offset)
        let uncertainty = try #require(estimate.uncertainty)
        // Timestamps are whole microseconds: allow 2 µs of rounding.
        #expect(abs(offset) <= uncertainty + 2e-6, "offset \(offset) s, uncertainty \(uncertainty) s")
        #expect(mate.statistics.dropped == [:])
        #expect(host.statistics.dropped == [:])
    }
}
