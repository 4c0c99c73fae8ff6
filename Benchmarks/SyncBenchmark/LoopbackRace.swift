import Data
import Domain
import Foundation
import MateRunnerTesting
import SyncWire

/// Builds the peers on loopback, runs them for the warm-up and the measured window, stops them, and
/// gathers what was measured.
struct LoopbackRace {
    let options: BenchmarkOptions

    func run() async throws -> BenchmarkReport {
        let clock = SystemRaceClock()
        let key = options.keyed ? try RaceKey(passphrase: "SyncBenchmark race key, not a secret", raceID: "SyncBenchmark") : nil
        let terms = RaceTerms(mode: .race, goal: try RaceGoal(kilometres: 1000))
        var syncs: [UDPRaceSyncRepository] = []
        // Through a broker: one mosquitto on loopback, started here and stopped by its pid at the end.
        let broker = options.broker ? try await TestBroker.started() : nil
        defer { broker?.stop() }
        for _ in 0..<options.peers {
            if let broker {
                let settings = BrokerSettings(url: try BrokerURL(parsing: broker.url()))
                let session = try await BrokerSession.connect(settings, group: "SyncBenchmark")
                syncs.append(try await UDPRaceSyncRepository.connect(through: session, key: key))
            } else {
                syncs.append(try await UDPRaceSyncRepository.bind(host: "127.0.0.1", port: 0, key: key))
            }
        }
        for sync in syncs {
            for other in syncs where other !== sync { try sync.addPeer(other.localAddress) }
        }
        // The wire tap is a UDP socket: through the broker, scripts/benchmark-broker's wiretap sizes the messages.
        let tap = try await WireTap.bind()
        if broker == nil { try syncs[0].addPeer(tap.peerAddress) }
        let peers = syncs.indices.map { BenchmarkPeer(index: $0, options: options, terms: terms, sync: syncs[$0], clock: clock) }
        let probes = Dictionary(uniqueKeysWithValues: peers.map { ($0.runner.id.description, $0.probe) })

        let began = monotonicNanoseconds()
        let from = began + UInt64(options.warmup * 1e9)
        let until = from + UInt64(options.seconds * 1e9)
        let window = from..<until
        let observers = Task {
            await withTaskGroup(of: BenchmarkPeer.Observation.self) { group in
                for peer in peers {
                    let mates = probes.filter { $0.key != peer.runner.id.description }
                    group.addTask { await peer.observe(mates: mates, window: window, clock: clock) }
                }
                var all: [BenchmarkPeer.Observation] = []
                for await observation in group { all.append(observation) }
                return all
            }
        }

        try await Task.sleep(for: .nanoseconds(from - monotonicNanoseconds()))
        tap.reset()
        let sentBefore = syncs.map(\.statistics)
        let updatesBefore = syncs.map(\.progressUpdateSizes)
        let cpuBefore = ProcessUsage.cpuSeconds()
        try await Task.sleep(for: .nanoseconds(until - monotonicNanoseconds()))
        let cpu = ProcessUsage.cpuSeconds() - cpuBefore
        let sent = zip(syncs.map(\.statistics), sentBefore).map { (datagrams: $0.datagramsSent - $1.datagramsSent, bytes: $0.bytesSent - $1.bytesSent) }
        let wire = tap.byType
        let updatesAfter = syncs.map(\.progressUpdateSizes)
        let updates = (
            count: zip(updatesAfter, updatesBefore).reduce(0) { $0 + $1.0.count - $1.1.count },
            deltas: zip(updatesAfter, updatesBefore).reduce(0) { $0 + $1.0.deltas - $1.1.deltas },
            bytes: zip(updatesAfter, updatesBefore).reduce(0) { $0 + $1.0.bytes - $1.1.bytes },
            largest: updatesAfter.map(\.maximum).max() ?? 0
        )
        let rss = ProcessUsage.statusKiB("VmRSS")
        let peakRSS = ProcessUsage.statusKiB("VmHWM")
        // Frames for fixes sent just before the end of the window are still counted for half a second.
        try await Task.sleep(for: .milliseconds(500))
        observers.cancel()
        let observations = await observers.value
        for sync in syncs { await sync.close() }
        await tap.close()

        return BenchmarkReport(
            options: options,
            latency: LatencySummary(observations.flatMap(\.samples)),
            unmatched: observations.reduce(0) { $0 + $1.unmatched },
            handed: LatencySummary(observations.flatMap(\.handed.samples)),
            handedUnmatched: observations.reduce(0) { $0 + $1.handed.unmatched },
            frames: observations.reduce(0) { $0 + $1.frames },
            cpuSeconds: cpu, rssKiB: rss, peakRSSKiB: peakRSS,
            wire: wire, updates: updates,
            datagramsSent: sent.reduce(0) { $0 + $1.datagrams }, bytesSent: sent.reduce(0) { $0 + $1.bytes }
        )
    }
}
