import Domain
import Foundation
import SyncCore

extension UDPRaceSyncRepository {
    /// What the repository did, for the log at the end of a run: datagrams and drops, progress update
    /// sizes and the race clock as `info` lines; authentication problems (a wrong key, say) as `warnings`.
    public func summary(me: RunnerID) -> (info: [String], warnings: [String]) {
        let statistics = self.statistics
        let updates = progressUpdateSizes
        let dropped = statistics.dropped.sorted { $0.key < $1.key }
        let received = statistics.received.sorted { $0.key < $1.key }.map { "\($0.key) \($0.value)" }.joined(separator: ", ")
        var info = [
            "sent \(statistics.datagramsSent) datagrams (\(statistics.bytesSent) bytes), received \(statistics.datagramsReceived) (\(received)), dropped \(statistics.droppedTotal) \(dropped)",
            "progress updates: \(updates.count) sent (\(updates.deltas) deltas), mean \(String(format: "%.2f", updates.mean)) bytes, max \(updates.maximum) bytes",
        ]
        if let sentByType = statistics.sentByTypeLine { info.append(sentByType) }
        info.append(multicastSummary)
        if let summarized = transport as? any SummarizedTransport { info.append(summarized.summary) }
        if !statistics.withheld.isEmpty || statistics.addressValidationSent > 0 {
            let withheld = statistics.withheld.sorted { $0.key < $1.key }
            info.append("address validation: \(statistics.addressValidationSent) challenges and echoes sent (\(statistics.addressValidationBytes) bytes), withheld \(withheld)")
        }
        let estimate = clockEstimate
        let host = clockHost(me: me)
        if let offset = estimate.offset, let uncertainty = estimate.uncertainty {
            let milliseconds = { (seconds: Double) in String(format: "%.3f ms", seconds * 1000) }
            info.append("race clock: host \(host), offset \(milliseconds(offset)) ± \(milliseconds(uncertainty)) (best of \(estimate.exchanges.count) exchanges)")
        } else {
            info.append("race clock: host \(host)\(host == me ? " (this runner)" : ", no exchange completed")")
        }
        return (info, statistics.authenticationWarnings)
    }

    /// The datagrams refused as signs of forgery so far, by runner and address (`SyncStatistics.refusedAbout`).
    public var refusedDatagrams: [RefusedDatagrams] { statistics.refusedDatagrams }
}
