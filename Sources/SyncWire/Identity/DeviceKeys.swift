import Crypto
import Domain
import Foundation

/// This device's long-term private keys: Ed25519 to sign what it says in a lobby, X25519 to agree keys
/// (docs/PROTOCOL.md, "Identities and pairing"). Kept as raw bytes, as swift-crypto's key types are not
/// `Sendable` everywhere; made again from them for each use.
public struct DeviceKeys: Sendable {
    /// The raw Ed25519 private key (32 bytes).
    public let signingSecret: [UInt8]
    /// The raw X25519 private key (32 bytes).
    public let agreementSecret: [UInt8]
    /// The public identity that goes with them.
    public let identity: MateIdentity

    /// Fresh random keys (a new device).
    public static func generate() -> DeviceKeys {
        let signing = Curve25519.Signing.PrivateKey()
        let agreement = Curve25519.KeyAgreement.PrivateKey()
        return DeviceKeys(signing: signing, agreement: agreement)
    }

    /// Keys from their raw bytes (as stored); throws `DeviceKeysError.invalid` when they are not keys.
    public init(signingSecret: [UInt8], agreementSecret: [UInt8]) throws(DeviceKeysError) {
        guard signingSecret.count == 32, agreementSecret.count == 32,
              let signing = try? Curve25519.Signing.PrivateKey(rawRepresentation: signingSecret),
              let agreement = try? Curve25519.KeyAgreement.PrivateKey(rawRepresentation: agreementSecret)
        else { throw .invalid }
        self.init(signing: signing, agreement: agreement)
    }

    private init(signing: Curve25519.Signing.PrivateKey, agreement: Curve25519.KeyAgreement.PrivateKey) {
        signingSecret = Array(signing.rawRepresentation)
        agreementSecret = Array(agreement.rawRepresentation)
        let signingKey = Array(signing.publicKey.rawRepresentation)
        let agreementKey = Array(agreement.publicKey.rawRepresentation)
        identity = MateIdentity(
            signingKey: signingKey, agreementKey: agreementKey,
            fingerprint: IdentityFingerprint.of(signingKey: signingKey, agreementKey: agreementKey)
        )
    }

    /// The Ed25519 signature (64 bytes) of `message`.
    public func sign(_ message: [UInt8]) -> [UInt8] {
        guard let key = try? Curve25519.Signing.PrivateKey(rawRepresentation: signingSecret),
              let signature = try? key.signature(for: message)
        else { return [UInt8](repeating: 0, count: Self.signatureLength) }
        return Array(signature)
    }

    /// Bytes of an Ed25519 signature.
    public static let signatureLength = 64

    /// Whether `signature` is `identity`'s Ed25519 signature of `message`.
    public static func isValid(signature: ArraySlice<UInt8>, of message: [UInt8], by identity: MateIdentity) -> Bool {
        guard signature.count == signatureLength,
              let key = try? Curve25519.Signing.PublicKey(rawRepresentation: identity.signingKey)
        else { return false }
        return key.isValidSignature(Data(signature), for: message)
    }
}
