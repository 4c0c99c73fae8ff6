import Domain

/// The host opens its commitment: the nonce (16 bytes), signed over the transcript. Both sides can now
/// show the code.
public struct PairingReveal: Sendable, Hashable {
    /// The nonce committed to in the offer.
    public var nonce: [UInt8]
    /// Ed25519 by the host over the transcript and the nonce (64 bytes).
    public var signature: [UInt8]

    /// A reveal as received.
    public init(nonce: [UInt8], signature: [UInt8]) {
        self.nonce = nonce
        self.signature = signature
    }
}
