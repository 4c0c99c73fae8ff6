import Domain
import NIOCore
import SyncWire

// MARK: Deltas and acknowledgements (docs/PROTOCOL.md, "Deltas")

extension UDPRaceSyncRepository {
    /// How big the progress updates sent so far were (one per peer per progress, full or delta).
    public var progressUpdateSizes: UpdateSizes { deltas.withLockedValue { $0.sizes } }

    /// Sends our progress `report`, datagram `number`, to every known peer: a delta against the latest
    /// state that peer's runner acknowledged when one fits, else the full report.
    func sendProgress(_ report: ProgressReportDTO, number: UInt32, sender: RunnerID) async {
        let peers = knownPeers.filter { $0 != localAddress }
        let bodies = deltas.withLockedValue { $0.bodies(for: report, number: number, to: peers) }
        for (peer, message) in bodies {
            let bytes = SyncDatagramCodec.encode(SyncDatagram(sender: sender, sequence: number, message: message), key: key)
            var isDelta = false
            if case .progressDelta = message { isDelta = true }
            deltas.withLockedValue { $0.countUpdate(bytes: bytes.count, delta: isDelta) }
            await send(bytes, to: [peer])
        }
    }

    /// With every hello: to each mate whose progress we hold a newer state of, the number of that state.
    func sendDueAcknowledgements() async {
        for due in deltas.withLockedValue({ $0.acknowledgementsDue() }) {
            guard let datagram = outbox.withLockedValue({ $0.datagram(saying: due.message) }) else { continue }
            await send(SyncDatagramCodec.encode(datagram, key: key), to: [due.address])
        }
    }
}
