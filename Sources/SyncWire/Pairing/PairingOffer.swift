import Domain

/// The host's first message to one invitee: its identity, an ephemeral X25519 key, and a commitment to
/// a nonce it reveals only after the invitee answered (so that nobody can search for a matching code),
/// signed with its identity key over the context and all of these.
public struct PairingOffer: Sendable, Hashable {
    /// The host's long-term identity.
    public var identity: MateIdentity
    /// The host's ephemeral X25519 public key for this invitee (32 bytes).
    public var ephemeral: [UInt8]
    /// SHA-256 of the hidden nonce, the ephemeral key and the invitee (32 bytes).
    public var commitment: [UInt8]
    /// Ed25519 by `identity` (64 bytes).
    public var signature: [UInt8]

    /// An offer as received.
    public init(identity: MateIdentity, ephemeral: [UInt8], commitment: [UInt8], signature: [UInt8]) {
        self.identity = identity
        self.ephemeral = ephemeral
        self.commitment = commitment
        self.signature = signature
    }
}
