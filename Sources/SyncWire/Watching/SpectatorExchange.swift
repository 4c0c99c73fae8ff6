import Crypto
import Domain

/// The watch exchange of an invited race (docs/PROTOCOL.md, "Spectators"), pure: a spectator's signed
/// request with an ephemeral key, a runner's grant sealed to it. Ephemeral on both sides, so a grant
/// recorded today opens with nobody's long-term key tomorrow.
enum WatchTranscript {
    static let transcriptLabel = Array("MateRunner watch v1 transcript".utf8)
    static let grantLabel = Array("MateRunner watch v1 grant".utf8)
    static let keyInfo = Array("MateRunner watch v1 key".utf8)

    /// SHA-256 over the label, the signed request and what the runner adds.
    static func hash(request: WatchRequest, spectator: RunnerID, runner: RunnerID, grant: WatchGrant) -> [UInt8] {
        var writer = WireWriter(capacity: 12)
        writer.write(runner.rawValue)
        writer.write(grant.invitation)
        let requestBytes = WatchRequest.signedBytes(spectator: spectator, identity: request.identity, ephemeral: request.ephemeral)
        return Array(SHA256.hash(data: transcriptLabel + requestBytes + request.signature + writer.bytes
            + PairingTranscript.identityBytes(grant.runner) + PairingTranscript.identityBytes(grant.host) + grant.ephemeral))
    }

    /// The sealing key: HKDF-SHA256 of the ephemeral X25519 secret, salted with the transcript.
    static func key(shared: SharedSecret, transcript: [UInt8]) -> SymmetricKey {
        shared.hkdfDerivedSymmetricKey(using: SHA256.self, salt: transcript, sharedInfo: keyInfo, outputByteCount: 32)
    }
}

/// A runner's side: the grant for a spectator it admits.
public enum WatchGrantor {
    /// The grant of the invited race with `secrets` (from `invitation`, hosted by `host`) for the
    /// `spectator` runner whose checked `request` this is, from `runner` signing with `keys`; nil when the
    /// request's ephemeral key is not a curve point.
    public static func grant(
        _ request: WatchRequest, spectator: RunnerID, runner: RunnerID, invitation: UInt32, secrets: RaceSecrets,
        host: MateIdentity, keys: DeviceKeys
    ) -> WatchGrant? {
        guard let spectatorKey = try? Curve25519.KeyAgreement.PublicKey(rawRepresentation: request.ephemeral) else { return nil }
        let ephemeral = Curve25519.KeyAgreement.PrivateKey()
        guard let shared = try? ephemeral.sharedSecretFromKeyAgreement(with: spectatorKey) else { return nil }
        var grant = WatchGrant(
            invitation: invitation, runner: keys.identity, host: host, ephemeral: Array(ephemeral.publicKey.rawRepresentation),
            sealed: [], signature: []
        )
        let transcript = WatchTranscript.hash(request: request, spectator: spectator, runner: runner, grant: grant)
        let plain = secrets.spectatorKey + secrets.raceID
        guard let box = try? ChaChaPoly.seal(plain, using: WatchTranscript.key(shared: shared, transcript: transcript), authenticating: transcript)
        else { return nil }
        grant.sealed = Array(box.combined)
        grant.signature = keys.sign(WatchTranscript.grantLabel + transcript + grant.sealed)
        return grant
    }
}

/// A spectator's side: its request (the same bytes on every repetition) and the opening of a grant.
public struct SpectatorWatch: Sendable {
    /// The spectator's runner id for this watch.
    public let spectator: RunnerID
    /// The request to send to every runner heard.
    public let request: WatchRequest
    private let ephemeralSecret: [UInt8]

    /// A watch as `spectator`, signed with `keys`: a fresh ephemeral key.
    public init(spectator: RunnerID, keys: DeviceKeys) {
        let ephemeral = Curve25519.KeyAgreement.PrivateKey()
        let publicKey = Array(ephemeral.publicKey.rawRepresentation)
        self.spectator = spectator
        self.ephemeralSecret = Array(ephemeral.rawRepresentation)
        self.request = WatchRequest(
            identity: keys.identity, ephemeral: publicKey,
            signature: keys.sign(WatchRequest.signedBytes(spectator: spectator, identity: keys.identity, ephemeral: publicKey))
        )
    }

    /// Checks `grant` from `runner` (signed by the identity it names, over this request) and opens the
    /// spectator key and race id in it. Whether that identity is a mate is the caller's to check.
    public func open(_ grant: WatchGrant, from runner: RunnerID) throws(PairingError) -> RaceKey {
        guard grant.sealed.count == PairingGrant.sealedLength else { throw .malformed("sealed spectator key") }
        let transcript = WatchTranscript.hash(request: request, spectator: spectator, runner: runner, grant: grant)
        guard DeviceKeys.isValid(signature: grant.signature[...], of: WatchTranscript.grantLabel + transcript + grant.sealed, by: grant.runner) else {
            throw .badSignature("watch grant")
        }
        guard let secret = try? Curve25519.KeyAgreement.PrivateKey(rawRepresentation: ephemeralSecret),
              let runnerKey = try? Curve25519.KeyAgreement.PublicKey(rawRepresentation: grant.ephemeral),
              let shared = try? secret.sharedSecretFromKeyAgreement(with: runnerKey),
              let box = try? ChaChaPoly.SealedBox(combined: grant.sealed),
              let plain = try? ChaChaPoly.open(box, using: WatchTranscript.key(shared: shared, transcript: transcript), authenticating: transcript),
              plain.count == RaceKey.keyLength + RaceSecrets.raceIDLength
        else { throw .sealBroken }
        return RaceKey(spectatorKey: Array(plain.prefix(RaceKey.keyLength)), raceID: Array(plain.dropFirst(RaceKey.keyLength)))
    }
}
