import Domain
import NIOCore
import SyncWire

// MARK: Deltas and acknowledgements (docs/PROTOCOL.md, "Deltas")

extension SyncDatagramHandler {
    /// A delta becomes the full progress it stands for (its base must be held) and goes on like a
    /// progress; an acknowledgement lets our next progress to its sender be a delta.
    func handleDelta(_ datagram: SyncDatagram, from source: SocketAddress) throws(DatagramError) {
        switch datagram.message {
        case .progressDelta, .finishedProgress:
            let report: ProgressReportDTO
            if case .finishedProgress(let full) = datagram.message {
                report = full
            } else if case .progressDelta(let delta) = datagram.message {
                let resolved = deltas.withLockedValue { deltas in
                    Result { () throws(DatagramError) in try deltas.resolve(delta, number: datagram.sequence, from: datagram.sender) }
                }
                report = try resolved.get()
            } else {
                return
            }
            let progress = try roster.progress(of: report, from: datagram.sender, sequence: datagram.sequence)
            learnPeer(source)
            sink(progress)
            catchUp.withLockedValue { $0.heard(report, number: datagram.sequence, from: datagram.sender) }
            deltas.withLockedValue { $0.hold(report, number: datagram.sequence, from: datagram.sender, at: source) }
        case .acknowledgement(let number):
            deltas.withLockedValue { $0.acknowledge(number, by: datagram.sender) }
            statistics.withLockedValue { $0.received[datagram.message.type.name, default: 0] += 1 }
        default:
            break
        }
    }
}
