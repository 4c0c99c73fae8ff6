import Domain

/// The invitee's decision, signed over the transcript: nobody else can accept or decline for it.
public struct PairingDecision: Sendable, Hashable {
    /// Whether it accepted.
    public var accepted: Bool
    /// Ed25519 by the invitee (64 bytes).
    public var signature: [UInt8]

    /// A decision as received.
    public init(accepted: Bool, signature: [UInt8]) {
        self.accepted = accepted
        self.signature = signature
    }
}
