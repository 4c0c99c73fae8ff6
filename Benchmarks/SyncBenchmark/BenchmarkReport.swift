import Foundation

/// What one benchmark run measured, and its Markdown rows for docs/BENCHMARKS.md.
struct BenchmarkReport {
    let options: BenchmarkOptions
    let latency: LatencySummary
    let unmatched: Int
    /// Fix → the mate's race handed the update (the wire's share, without the frames' pace).
    let handed: LatencySummary
    let handedUnmatched: Int
    let frames: Int
    let cpuSeconds: Double
    let rssKiB: Int
    let peakRSSKiB: Int
    /// What peer 0 sent to the wire tap in the window, by message type.
    let wire: [Int: WireTap.Tally]
    /// Every peer's progress updates sent in the window (full states and deltas; the largest of the run).
    let updates: (count: Int, deltas: Int, bytes: Int, largest: Int)
    /// Every peer's datagrams and bytes sent in the window (to mates, the tap and the clock host).
    let datagramsSent: Int
    let bytesSent: Int

    private var setting: String {
        let race = options.keyed ? "race key" : "open race"
        return "\(options.peers) peers at \(format(options.hertz, 0)) Hz, \(race)\(options.broker ? ", through mosquitto" : "")"
    }

    func markdownRows(command: String) -> String {
        let network = options.broker
            ? "each its own MQTT connection to one mosquitto on 127.0.0.1 that the benchmark starts "
                + "(TCP_NODELAY, QoS 0 progress)"
            : "each its own UDP socket on 127.0.0.1"
        let how = "`\(command)`: \(options.peers) peers in one process, \(network); "
            + "\(format(options.seconds, 0)) s measured after \(format(options.warmup, 0)) s of warm-up"
        let cpuPercent = cpuSeconds / options.seconds * 100
        let hello = wire[2] ?? WireTap.Tally()
        let updateMean = updates.count == 0 ? 0 : Double(updates.bytes) / Double(updates.count)
        let deltaShare = updates.count == 0 ? 0 : Double(updates.deltas) / Double(updates.count) * 100
        // Every fix of every peer should reach every mate's screen once.
        let expected = Int(Double(options.peers * (options.peers - 1)) * options.hertz * options.seconds)
        let shown = Double(latency.count) / Double(max(expected, 1)) * 100
        let heard = Double(handed.count) / Double(max(expected, 1)) * 100
        let rows = [
            "| latency fix → mate's race, \(setting) | p50 **\(format(handed.milliseconds(percentile: 50), 2)) ms**, p99 **\(format(handed.milliseconds(percentile: 99), 2)) ms**, max \(format(handed.maximumMilliseconds, 1)) ms (\(handed.count) samples: \(format(heard, 0)) % of the \(expected) mate fixes due in the window; \(handedUnmatched) unmatched) | \(how); from the fix leaving the mate's position source to its update handed to this peer's race (received, authenticated, decoded and batched; before the step, the view model and the frame) |",
            "| latency fix → mate's frame, \(setting) | p50 **\(format(latency.milliseconds(percentile: 50), 2)) ms**, p99 **\(format(latency.milliseconds(percentile: 99), 2)) ms**, max \(format(latency.maximumMilliseconds, 1)) ms (\(latency.count) samples: \(format(shown, 0)) % of the \(expected) mate fixes due in the window reached a frame; \(unmatched) unmatched) | \(how) |",
            "| CPU and memory, \(setting) | **\(format(cpuPercent, 1)) %** of one core in all (\(format(cpuPercent / Double(options.peers), 2)) % per peer); RSS \(rssKiB / 1024) MiB, peak \(peakRSSKiB / 1024) MiB; \(frames) frames, \(datagramsSent) datagrams sent (\(format(Double(datagramsSent) / options.seconds, 0))/s) | \(how); CPU from getrusage, RSS from /proc/self/status (VmRSS, VmHWM) |",
            "| UDP payload per position update on the wire, \(setting) | mean **\(format(updateMean, 1)) B**, max **\(updates.largest) B** over every peer's \(updates.count) progress updates (\(format(deltaShare, 0)) % deltas against the state the mate acknowledged, the rest full states; the wire tap never acknowledges, so it gets full states); hellos as the tap saw them: \(hello.count), mean \(format(hello.mean, 1)) B; every datagram of every peer: mean \(format(datagramsSent == 0 ? 0 : Double(bytesSent) / Double(datagramsSent), 1)) B | \(how); counted by each peer's UDPRaceSyncRepository.progressUpdateSizes |",
        ]
        // Through the broker the UDP tap hears nothing: the bytes are scripts/benchmark-broker's.
        return (options.broker ? Array(rows.prefix(3)) : rows).joined(separator: "\n")
    }

    private func format(_ value: Double, _ decimals: Int) -> String {
        String(format: "%.\(decimals)f", value)
    }
}
