import Domain

/// A spectator's signed request to watch an invited race (type 15, subtype 23; docs/PROTOCOL.md,
/// "Spectators"): its device identity and a fresh ephemeral X25519 key, signed by that identity over its
/// runner id. Padded to the size of the grant it asks for, so that a runner can answer it once, before
/// the spectator's address is validated, without sending more than it received.
public struct WatchRequest: Sendable, Hashable {
    /// The spectator's long-term identity.
    public var identity: MateIdentity
    /// Its ephemeral X25519 public key for this watch (32 bytes).
    public var ephemeral: [UInt8]
    /// Ed25519 by `identity` (64 bytes).
    public var signature: [UInt8]

    /// Zero bytes between the ephemeral key and the signature: the request is as long as a grant.
    public static let paddingLength = WatchGrant.bodyLength - (64 + 32 + 64)

    /// A request as received.
    public init(identity: MateIdentity, ephemeral: [UInt8], signature: [UInt8]) {
        self.identity = identity
        self.ephemeral = ephemeral
        self.signature = signature
    }

    static let label = Array("MateRunner watch v1 request".utf8)

    /// What the spectator signs: the label, its runner id, its identity and ephemeral key.
    static func signedBytes(spectator: RunnerID, identity: MateIdentity, ephemeral: [UInt8]) -> [UInt8] {
        var writer = WireWriter(capacity: 8)
        writer.write(spectator.rawValue)
        return label + writer.bytes + PairingTranscript.identityBytes(identity) + ephemeral
    }

    /// Whether `spectator`'s request is signed by the identity it names.
    public func isValid(spectator: RunnerID) -> Bool {
        DeviceKeys.isValid(signature: signature[...], of: Self.signedBytes(spectator: spectator, identity: identity, ephemeral: ephemeral), by: identity)
    }
}

/// A runner's answer to a spectator it admits (type 15, subtype 24): the spectator key and race id
/// sealed to the spectator's ephemeral key (X25519 with the runner's own ephemeral key, HKDF over the
/// transcript, ChaCha20-Poly1305), the race's invitation and host identity (whose signed roster the
/// spectator then checks), all signed by the runner's identity.
public struct WatchGrant: Sendable, Hashable {
    /// The invitation the race came from (statements and the roster name it).
    public var invitation: UInt32
    /// The granting runner's identity: the spectator takes a grant only from a mate it paired with.
    public var runner: MateIdentity
    /// The race host's identity, which signed the roster.
    public var host: MateIdentity
    /// The runner's ephemeral X25519 public key (32 bytes).
    public var ephemeral: [UInt8]
    /// The spectator key (32) and race id (16), sealed: nonce (12) ‖ ciphertext (48) ‖ tag (16).
    public var sealed: [UInt8]
    /// Ed25519 by `runner` over the transcript and `sealed` (64 bytes).
    public var signature: [UInt8]

    /// Bytes of the body after the subtype: invitation (4), spectator (8), runner identity (64), host
    /// identity (64), ephemeral (32), sealed (76), signature (64).
    public static let bodyLength = 4 + 8 + 64 + 64 + 32 + PairingGrant.sealedLength + 64

    /// A grant as received.
    public init(invitation: UInt32, runner: MateIdentity, host: MateIdentity, ephemeral: [UInt8], sealed: [UInt8], signature: [UInt8]) {
        self.invitation = invitation
        self.runner = runner
        self.host = host
        self.ephemeral = ephemeral
        self.sealed = sealed
        self.signature = signature
    }
}

/// Why a runner did not admit a spectator (type 15, subtype 25). Only said when the spectator could do
/// something about it; anything else is counted and left unanswered.
public enum WatchRefusalReason: UInt8, Sendable, Hashable {
    /// The runner is in an invited race but does not know the spectator's identity as a paired mate.
    case notPaired = 1
}
