import Crypto
import Domain

/// The short text a person reads to tell one device from another: the first 8 bytes of
/// SHA-256("MateRunner identity" ‖ signing key ‖ agreement key), as four groups of four hex digits.
public enum IdentityFingerprint {
    /// Domain separation: a fingerprint is a hash of nothing else.
    static let label = Array("MateRunner identity".utf8)

    /// The fingerprint of these two public keys.
    public static func of(signingKey: [UInt8], agreementKey: [UInt8]) -> String {
        let hex = Hex.lowercase(Array(SHA256.hash(data: label + signingKey + agreementKey).prefix(8)))
        return stride(from: 0, to: hex.count, by: 4).map { start in
            let from = hex.index(hex.startIndex, offsetBy: start)
            return String(hex[from..<hex.index(from, offsetBy: 4)])
        }.joined(separator: "-")
    }

    /// A `MateIdentity` for two raw public keys, or nil when either is not 32 bytes or not a valid key.
    public static func identity(signingKey: [UInt8], agreementKey: [UInt8]) -> MateIdentity? {
        guard signingKey.count == MateIdentity.keyLength, agreementKey.count == MateIdentity.keyLength,
              (try? Curve25519.Signing.PublicKey(rawRepresentation: signingKey)) != nil,
              (try? Curve25519.KeyAgreement.PublicKey(rawRepresentation: agreementKey)) != nil
        else { return nil }
        return MateIdentity(signingKey: signingKey, agreementKey: agreementKey, fingerprint: of(signingKey: signingKey, agreementKey: agreementKey))
    }
}
