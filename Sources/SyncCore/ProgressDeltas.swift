import Domain
import SyncWire

/// Delta bookkeeping of one peer (docs/PROTOCOL.md, "Deltas"), part of `PeerState` (used by
/// `publish` and by receiving). As a sender: the progress it sent by number, and which of them each mate
/// acknowledged, so that each mate gets a delta against a state it holds (or the full state). As a
/// receiver: the progress it holds of each mate by number (delta bases), and the acknowledgements due.
package struct ProgressDeltas: Sendable {
    /// Progress states kept, sent and per mate received: enough for any base up to 255 numbers back.
    static let kept = 64
    /// The first progress, and every `fullEvery`-th after it, goes in full to every peer, whatever
    /// was acknowledged: a receiver that lost its bases is repaired by then at the latest.
    static let fullEvery = 16

    // MARK: Sending

    private var sent: [(number: UInt32, report: ProgressReportDTO)] = []
    private var acknowledged: [RunnerID: UInt32] = [:]
    private var runnerAt: [PeerAddress: RunnerID] = [:]
    private var progressSent = 0
    /// Sizes of the progress updates sent (full or delta, one per peer), UDP payload with the tag.
    package private(set) var sizes = UpdateSizes()

    /// Notes that `runner`'s hello came from `address` (datagrams to that address reach that runner).
    mutating func learn(_ runner: RunnerID, at address: PeerAddress) {
        if runnerAt[address] != nil || runnerAt.count < PeerState.maximumPeers { runnerAt[address] = runner }
    }

    /// `runner` holds our progress numbered `number`. Ignored unless we sent that number.
    mutating func acknowledge(_ number: UInt32, by runner: RunnerID) {
        guard sent.contains(where: { $0.number == number }), number > acknowledged[runner] ?? 0,
              acknowledged[runner] != nil || acknowledged.count < PeerState.maximumPeers
        else { return }
        acknowledged[runner] = number
    }

    /// Forgets what `runner` acknowledged (its peer restarted: it holds none of our states any more).
    mutating func forget(_ runner: RunnerID) {
        acknowledged[runner] = nil
    }

    /// Forgets everything about `runner` (evicted from the peer's directory).
    mutating func forgetAll(_ runner: RunnerID) {
        acknowledged[runner] = nil
        received[runner] = nil
        acknowledgements[runner] = nil
        runnerAt = runnerAt.filter { $0.value != runner }
    }

    /// The body of our progress `report` (datagram `number`) for each of `peers`: a delta against the
    /// latest state that peer's runner acknowledged when one fits, else the full report.
    mutating func bodies(for report: ProgressReportDTO, number: UInt32, to peers: [PeerAddress]) -> [(PeerAddress, SyncMessage)] {
        defer {
            progressSent += 1
            sent.append((number, report))
            if sent.count > Self.kept { sent.removeFirst(sent.count - Self.kept) }
        }
        let full = Self.fullMessage(report)
        guard progressSent % Self.fullEvery != 0 else { return peers.map { ($0, full) } }
        return peers.map { peer in
            guard let runner = runnerAt[peer], let base = acknowledged[runner],
                  let baseReport = sent.last(where: { $0.number == base })?.report,
                  let delta = ProgressDeltaDTO(from: baseReport, baseNumber: base, to: report, number: number)
            else { return (peer, full) }
            return (peer, .progressDelta(delta))
        }
    }

    /// `report` in full: a compact finished progress when it fits (24 bytes, 32 keyed), else a progress.
    static func fullMessage(_ report: ProgressReportDTO) -> SyncMessage {
        SyncDatagramCodec.fitsFinishedProgress(report) ? .finishedProgress(report) : .progress(report)
    }

    /// Counts one progress update of `bytes` sent.
    mutating func countUpdate(bytes: Int, delta: Bool) {
        sizes.record(bytes: bytes, delta: delta)
    }

    // MARK: Receiving

    private var received: [RunnerID: [(number: UInt32, report: ProgressReportDTO)]] = [:]
    private var acknowledgements: [RunnerID: (number: UInt32, address: PeerAddress, due: Bool)] = [:]

    /// Keeps `report`, `sender`'s progress numbered `number` from `address`, as a base, and, when it came
    /// unicast (`acknowledge`), acknowledges it with our next hello; a state heard on the multicast group
    /// needs none (the group gets full states only).
    mutating func hold(_ report: ProgressReportDTO, number: UInt32, from sender: RunnerID, at address: PeerAddress, acknowledge: Bool = true) {
        // In place: a copy of the states taken out and put back copied all of them, every datagram.
        if let index = received.index(forKey: sender) {
            received.values[index].append((number, report))
            let excess = received.values[index].count - Self.kept
            if excess > 0 { received.values[index].removeFirst(excess) }
        } else {
            guard received.count < PeerState.maximumPeers else { return }
            received[sender] = [(number, report)]
        }
        if acknowledge, number > acknowledgements[sender]?.number ?? 0 { acknowledgements[sender] = (number, address, true) }
    }

    /// The full report of `delta`, datagram `number` from `sender`; throws `unknownBase` when its base
    /// is not held, and `fieldOutOfRange` when a value would overflow.
    func resolve(_ delta: ProgressDeltaDTO, number: UInt32, from sender: RunnerID) throws(DatagramError) -> ProgressReportDTO {
        let baseNumber = number &- UInt32(delta.baseBack)
        guard let base = received[sender]?.last(where: { $0.number == baseNumber })?.report else { throw .unknownBase }
        guard let report = delta.applied(to: base) else { throw .fieldOutOfRange("delta") }
        return report
    }

    /// The acknowledgements to send now (each mate's highest progress number held, when it grew), and where.
    mutating func acknowledgementsDue() -> [(message: SyncMessage, address: PeerAddress)] {
        var due: [(SyncMessage, PeerAddress)] = []
        for (sender, entry) in acknowledgements where entry.due {
            due.append((.acknowledgement(number: entry.number), entry.address))
            acknowledgements[sender]?.due = false
        }
        return due
    }
}
