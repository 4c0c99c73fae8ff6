import Foundation

/// What one benchmark run measured, and its Markdown rows for docs/BENCHMARKS.md.
struct BenchmarkReport {
    let options: BenchmarkOptions
    let latency: LatencySummary
    let unmatched: Int
    let frames: Int
    let cpuSeconds: Double
    let rssKiB: Int
    let peakRSSKiB: Int
    /// What peer 0 sent to the wire tap in the window, by message type.
    let wire: [Int: WireTap.Tally]
    /// Every peer's datagrams and bytes sent in the window (to mates, the tap and the clock host).
    let datagramsSent: Int
    let bytesSent: Int

    private var setting: String {
        "\(options.peers) peers at \(format(options.hertz, 0)) Hz, \(options.keyed ? "race key" : "open race")"
    }

    func markdownRows(command: String) -> String {
        let how = "`\(command)`: \(options.peers) peers in one process, each its own UDP socket on 127.0.0.1; \(format(options.seconds, 0)) s measured after \(format(options.warmup, 0)) s of warm-up"
        let cpuPercent = cpuSeconds / options.seconds * 100
        let progress = wire[1] ?? WireTap.Tally()
        let hello = wire[2] ?? WireTap.Tally()
        let perUpdate = progress.count == 0 ? 0 : Double(progress.bytes + hello.bytes) / Double(progress.count)
        // Every fix of every peer should reach every mate's screen once.
        let expected = Int(Double(options.peers * (options.peers - 1)) * options.hertz * options.seconds)
        let shown = Double(latency.count) / Double(max(expected, 1)) * 100
        return [
            "| latency fix → mate's frame, \(setting) | p50 **\(format(latency.milliseconds(percentile: 50), 2)) ms**, p99 **\(format(latency.milliseconds(percentile: 99), 2)) ms**, max \(format(latency.maximumMilliseconds, 1)) ms (\(latency.count) samples: \(format(shown, 0)) % of the \(expected) mate fixes due in the window reached a frame; \(unmatched) unmatched) | \(how) |",
            "| CPU and memory, \(setting) | **\(format(cpuPercent, 1)) %** of one core in all (\(format(cpuPercent / Double(options.peers), 2)) % per peer); RSS \(rssKiB / 1024) MiB, peak \(peakRSSKiB / 1024) MiB; \(frames) frames, \(datagramsSent) datagrams sent (\(format(Double(datagramsSent) / options.seconds, 0))/s) | \(how); CPU from getrusage, RSS from /proc/self/status (VmRSS, VmHWM) |",
            "| UDP payload per position update on the wire, \(setting) | progress mean **\(format(progress.mean, 1)) B**, max **\(progress.largest) B** (\(progress.count) updates from peer 0, \(format(Double(progress.count) / options.seconds, 1))/s: its fixes and heartbeats); with the hellos' share \(format(perUpdate, 1)) B per update (\(hello.count) hellos, mean \(format(hello.mean, 1)) B, max \(hello.largest) B); every datagram of every peer: mean \(format(datagramsSent == 0 ? 0 : Double(bytesSent) / Double(datagramsSent), 1)) B | \(how); counted by a socket peer 0 sends to like to any mate |",
        ].joined(separator: "\n")
    }

    private func format(_ value: Double, _ decimals: Int) -> String {
        String(format: "%.\(decimals)f", value)
    }
}
