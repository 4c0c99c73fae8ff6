import Domain

/// A completed exchange, the same on both sides: the mate's identity, the code both screens show, and
/// the key only these two know (32 bytes; HKDF of the ephemeral X25519 secret over the transcript).
public struct PairingSession: Sendable, Hashable {
    /// The other side's identity (the host's for a joiner, the joiner's for a host).
    public let mate: MateIdentity
    /// Six digits: the same on both screens unless someone is in the middle.
    public let code: String
    /// The exchange's key (seals the race secrets).
    let key: [UInt8]
    /// The transcript hash everything later is signed over.
    let transcript: [UInt8]

    init(mate: MateIdentity, code: String, key: [UInt8], transcript: [UInt8]) {
        self.mate = mate
        self.code = code
        self.key = key
        self.transcript = transcript
    }
}
