import Domain

/// One datagram the peer state decided to send: its bytes (tag included) and where to. The façade hands
/// it to the transport and counts the outcome (`PeerState.countSend`).
package struct OutgoingDatagram: Sendable, Equatable {
    /// The encoded datagram, as it goes on the wire.
    package var bytes: [UInt8]
    /// The peer it goes to.
    package var address: PeerAddress

    /// `bytes` to `address`.
    init(_ bytes: [UInt8], to address: PeerAddress) {
        self.bytes = bytes
        self.address = address
    }
}
