import Domain
import SyncWire

// MARK: Deltas and acknowledgements (docs/PROTOCOL.md, "Deltas")

extension PeerState {
    /// A delta becomes the full progress it stands for (its base must be held) and goes on like a
    /// progress; an acknowledgement lets our next progress to its sender be a delta.
    mutating func handleDelta(_ datagram: SyncDatagram, arrival: Arrival, into effects: inout InboundEffects) throws(DatagramError) {
        switch datagram.message {
        case .finishedProgress(let report):
            try apply(report, datagram: datagram, arrival: arrival, into: &effects)
        case .progressDelta(let delta):
            let report = try deltas.resolve(delta, number: datagram.sequence, from: datagram.sender)
            try apply(report, datagram: datagram, arrival: arrival, into: &effects)
        case .acknowledgement(let number):
            deltas.acknowledge(number, by: datagram.sender)
            countReceived(datagram.message.type.name)
        default:
            break
        }
    }

    /// Our progress `report`, datagram `number`: in full to the multicast group when we joined one, and
    /// to every validated peer that does not hear us there a delta against the latest state that peer's
    /// runner acknowledged when one fits, else the full report. Each is counted in `progressUpdateSizes`.
    mutating func progressUpdates(_ report: ProgressReportDTO, number: UInt32, sender: RunnerID, now: UInt64) -> [OutgoingDatagram] {
        var out: [OutgoingDatagram] = []
        if let group = multicast.group {
            let bytes = encode(SyncDatagram(sender: sender, sequence: number, message: ProgressDeltas.fullMessage(report)))
            deltas.countUpdate(bytes: bytes.count, delta: false)
            statistics.groupSent += 1
            out.append(OutgoingDatagram(bytes, to: group))
        }
        // A loop, not a closure: a closure using `encode` and `deltas` here copied the whole state per publish.
        let key = self.key
        for (peer, message) in deltas.bodies(for: report, number: number, to: unicastRecipients(now: now)) {
            let bytes = SyncDatagramCodec.encode(SyncDatagram(sender: sender, sequence: number, message: message), key: key)
            var isDelta = false
            if case .progressDelta = message { isDelta = true }
            deltas.countUpdate(bytes: bytes.count, delta: isDelta)
            out.append(OutgoingDatagram(bytes, to: peer))
        }
        return out
    }

    /// With every hello: to each mate whose progress we hold a newer state of, the number of that state
    /// (at validated addresses only).
    mutating func dueAcknowledgements() -> [OutgoingDatagram] {
        deltas.acknowledgementsDue().compactMap { due in
            guard admission.isValidated(due.address) else { return nil }
            return outbox.datagram(saying: due.message).map { OutgoingDatagram(encode($0), to: due.address) }
        }
    }
}
