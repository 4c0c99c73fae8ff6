import Crypto
import Domain

/// The hashes of the pairing exchange (docs/PROTOCOL.md, "Pairing"): each input labelled, so that no
/// value made for one purpose verifies as another.
enum PairingTranscript {
    static let offerLabel = Array("MateRunner pairing v1 offer".utf8)
    static let replyLabel = Array("MateRunner pairing v1 reply".utf8)
    static let commitLabel = Array("MateRunner pairing v1 commit".utf8)
    static let revealLabel = Array("MateRunner pairing v1 reveal".utf8)
    static let decisionLabel = Array("MateRunner pairing v1 decision".utf8)
    static let grantLabel = Array("MateRunner pairing v1 grant".utf8)
    static let outcomeLabel = Array("MateRunner pairing v1 outcome".utf8)
    static let codeLabel = Array("MateRunner pairing v1 code".utf8)
    static let courseRequestLabel = Array("MateRunner course v1 request".utf8)
    static let courseChunkLabel = Array("MateRunner course v1 chunk".utf8)
    static let keyInfo = Array("MateRunner pairing v1 key".utf8)
    /// Bytes of each nonce.
    static let nonceLength = 16

    static func identityBytes(_ identity: MateIdentity) -> [UInt8] {
        identity.signingKey + identity.agreementKey
    }

    /// What the host signs in its offer.
    static func offer(_ context: PairingContext, identity: MateIdentity, ephemeral: [UInt8], commitment: [UInt8]) -> [UInt8] {
        offerLabel + context.bytes + identityBytes(identity) + ephemeral + commitment
    }

    /// The commitment to the host's nonce: SHA-256(label ‖ ephemeral ‖ joiner ‖ nonce).
    static func commitment(ephemeral: [UInt8], joiner: RunnerID, nonce: [UInt8]) -> [UInt8] {
        var writer = WireWriter(capacity: 8)
        writer.write(joiner.rawValue)
        return Array(SHA256.hash(data: commitLabel + ephemeral + writer.bytes + nonce))
    }

    /// The transcript hash: SHA-256 over the signed offer and everything the reply adds. The joiner
    /// signs it (with its label); the reveal, decision, key and code all hang on it.
    static func hash(_ context: PairingContext, offer: PairingOffer, joiner: MateIdentity, ephemeral: [UInt8], nonce: [UInt8]) -> [UInt8] {
        let offerBytes = Self.offer(context, identity: offer.identity, ephemeral: offer.ephemeral, commitment: offer.commitment)
        return Array(SHA256.hash(data: replyLabel + offerBytes + offer.signature + identityBytes(joiner) + ephemeral + nonce))
    }

    /// The 6-digit code: the first 4 bytes of SHA-256(label ‖ transcript ‖ host nonce ‖ joiner nonce),
    /// big-endian, modulo 10⁶, written with leading zeros.
    static func code(transcript: [UInt8], hostNonce: [UInt8], joinerNonce: [UInt8]) -> String {
        let digest = Array(SHA256.hash(data: codeLabel + transcript + hostNonce + joinerNonce))
        let value = digest.prefix(4).reduce(UInt32(0)) { $0 << 8 | UInt32($1) } % 1_000_000
        let text = String(value)
        return String(repeating: "0", count: 6 - text.count) + text
    }

    /// The exchange's key: HKDF-SHA256 of the ephemeral X25519 secret, salted with the transcript and
    /// both nonces, 32 bytes.
    static func key(shared: SharedSecret, transcript: [UInt8], hostNonce: [UInt8], joinerNonce: [UInt8]) -> [UInt8] {
        let key = shared.hkdfDerivedSymmetricKey(
            using: SHA256.self, salt: transcript + hostNonce + joinerNonce, sharedInfo: keyInfo, outputByteCount: 32
        )
        return key.withUnsafeBytes { Array($0) }
    }

    /// `count` random bytes from the system's generator.
    static func random(_ count: Int) -> [UInt8] {
        SymmetricKey(size: SymmetricKeySize(bitCount: count * 8)).withUnsafeBytes { Array($0) }
    }
}
