import Domain
import SyncWire

/// What this peer knows to help a mate that restarted (docs/PROTOCOL.md, "Restart and catch-up"): each
/// sender's boot epoch, the highest datagram number seen from it and its last progress, and the mates
/// that restarted and have not caught up yet, to whom that state is sent back. Part of `PeerState`:
/// receiving fills it, and `publish` repeats the pending relays.
struct CatchUpRelays: Sendable {
    /// How many times a relay is repeated (once at the boot, then with each publish) while the mate has
    /// not caught up: loss of a few relays is repaired, and the sending stays bounded.
    static let repeats = 8

    private(set) var epochs: [RunnerID: UInt64] = [:]
    private var highest: [RunnerID: UInt32] = [:]
    private var latest: [RunnerID: (report: ProgressReportDTO, sequence: UInt32)] = [:]
    private var pending: [RunnerID: (address: PeerAddress, remaining: Int)] = [:]
    /// The highest number seen from a sender when it announced its restart.
    private var restartMarks: [RunnerID: UInt32] = [:]

    /// Whether a boot with `epoch` from `sender` announces a restart (a newer epoch than the one known),
    /// its first boot (nil epoch known: nothing to do), or is old (a replay of an earlier boot).
    enum BootKind: Equatable { case first, restart, current, old }

    /// Classifies a boot without recording it.
    func kind(ofBoot epoch: UInt64, from sender: RunnerID) -> BootKind {
        guard let known = epochs[sender] else { return .first }
        if epoch > known { return .restart }
        return epoch == known ? .current : .old
    }

    /// The most senders remembered (as the roster): datagrams with made-up sender ids cannot grow it.
    static let capacity = PeerState.maximumPeers

    /// Forgets `runner` (evicted from the peer's directory).
    mutating func forget(_ runner: RunnerID) {
        epochs[runner] = nil
        highest[runner] = nil
        latest[runner] = nil
        pending[runner] = nil
        restartMarks[runner] = nil
    }

    /// Notes any datagram number from `sender`.
    mutating func saw(_ number: UInt32, from sender: RunnerID) {
        // Every datagram comes here: one lookup for a sender seen before.
        if let index = highest.index(forKey: sender) {
            highest.values[index] = max(highest.values[index], number)
        } else {
            guard highest.count < Self.capacity else { return }
            highest[sender] = number
        }
        // Caught up: its numbers went above the highest of its previous process.
        if !pending.isEmpty, pending[sender] != nil, number > restartMarks[sender] ?? 0 { pending[sender] = nil }
    }

    /// Notes a progress from `sender`, as applied (the last one by number).
    mutating func heard(_ report: ProgressReportDTO, number: UInt32, from sender: RunnerID) {
        if latest[sender].map({ number > $0.sequence }) ?? true { latest[sender] = (report, number) }
    }

    /// Records a boot; on a restart, returns the relay to send back now (and then with each publish).
    mutating func boot(_ epoch: UInt64, from sender: RunnerID, at address: PeerAddress) -> SyncMessage? {
        let kind = kind(ofBoot: epoch, from: sender)
        guard kind == .first || kind == .restart, epochs[sender] != nil || epochs.count < Self.capacity else { return nil }
        epochs[sender] = epoch
        guard kind == .restart, latest[sender] != nil else { return nil }
        restartMarks[sender] = highest[sender] ?? 0
        pending[sender] = (address, Self.repeats - 1)
        return relay(about: sender)
    }

    /// The relays to repeat now, and where to; each counts down once.
    mutating func due() -> [(message: SyncMessage, address: PeerAddress)] {
        var out: [(SyncMessage, PeerAddress)] = []
        for (id, entry) in pending {
            if let message = relay(about: id) { out.append((message, entry.address)) }
            pending[id] = entry.remaining > 1 ? (entry.address, entry.remaining - 1) : nil
        }
        return out
    }

    private func relay(about subject: RunnerID) -> SyncMessage? {
        guard let held = latest[subject] else { return nil }
        let mark = max(restartMarks[subject] ?? 0, held.sequence)
        return .relayedState(subject: subject, highestNumber: mark, heldSequence: held.sequence, report: held.report)
    }
}
