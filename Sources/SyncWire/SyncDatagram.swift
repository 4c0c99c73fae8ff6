import Domain

/// One decoded datagram: who sent it, its number, and what it says.
public struct SyncDatagram: Sendable, Hashable {
    /// The sending runner.
    public var sender: RunnerID
    /// The sender's datagram counter (from 1).
    public var sequence: UInt32
    /// The body.
    package var message: SyncMessage

    /// A datagram from `sender`.
    package init(sender: RunnerID, sequence: UInt32, message: SyncMessage) {
        self.sender = sender
        self.sequence = sequence
        self.message = message
    }
}
