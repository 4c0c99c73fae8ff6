import Domain

/// The race's secrets for one invitee who accepted: the race key (32 bytes) and race id (16 bytes)
/// sealed with ChaCha20-Poly1305 under the exchange's key (nonce 12 ‖ ciphertext 48 ‖ tag 16), the
/// whole signed by the host over the transcript.
public struct PairingGrant: Sendable, Hashable {
    /// Bytes of `sealed`.
    public static let sealedLength = 12 + 48 + 16

    /// The sealed box, combined.
    public var sealed: [UInt8]
    /// Ed25519 by the host (64 bytes).
    public var signature: [UInt8]

    /// A grant as received.
    public init(sealed: [UInt8], signature: [UInt8]) {
        self.sealed = sealed
        self.signature = signature
    }
}
