import Domain
import SyncWire

/// The replay concern of an authenticated race (docs/PROTOCOL.md, "Race key"): one `ReplayWindow` per
/// sender, so that a datagram number seen before, or below its sender's window, is refused. Emptied
/// when the race key changes (a new race, a spectator's grant); a runner evicted from the directory
/// is forgotten with it.
struct ReplayWindows: Sendable {
    private var bySender: [RunnerID: ReplayWindow] = [:]

    /// Takes `number` from `sender`: `duplicate` when it was seen (the same datagram twice, on the group
    /// and unicast, is no attack), `replayed` when it is below the window.
    mutating func accept(_ number: UInt32, from sender: RunnerID) throws(DatagramError) {
        var window = bySender[sender, default: ReplayWindow()]
        defer { bySender[sender] = window }
        guard window.accept(number) else { throw window.hasSeen(number) ? .duplicate : .replayed }
    }

    /// Forgets `sender`.
    mutating func forget(_ sender: RunnerID) {
        bySender[sender] = nil
    }

    /// Forgets every sender (the race key changed).
    mutating func reset() {
        bySender = [:]
    }

    /// The senders held, lowest first.
    var senders: [RunnerID] { bySender.keys.sorted() }
}
