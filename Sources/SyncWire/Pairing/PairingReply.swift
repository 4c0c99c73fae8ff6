import Domain

/// The invitee's answer to an offer, before the person decides: its identity, its ephemeral key and its
/// own nonce in the clear (the host is already committed), signed over the offer and all of these.
public struct PairingReply: Sendable, Hashable {
    /// The invitee's long-term identity.
    public var identity: MateIdentity
    /// The invitee's ephemeral X25519 public key (32 bytes).
    public var ephemeral: [UInt8]
    /// The invitee's nonce (16 bytes).
    public var nonce: [UInt8]
    /// Ed25519 by `identity` (64 bytes).
    public var signature: [UInt8]

    /// A reply as received.
    public init(identity: MateIdentity, ephemeral: [UInt8], nonce: [UInt8], signature: [UInt8]) {
        self.identity = identity
        self.ephemeral = ephemeral
        self.nonce = nonce
        self.signature = signature
    }
}
